/** Demo feedback of the first demo student: one answered, so 我的反馈 shows a reply from the start. */
import { eq } from 'drizzle-orm';
import { feedbacks, users } from '../schema';
import type { SeedDb } from './types';

export const demoFeedback = {
  mobile: '13800138000',
  type: 3,
  content: '《一级建造师·建设工程经济》第二章的视频在手机上播放到 10 分钟左右会卡住，刷新后又从头开始。',
  reply: '您好，感谢反馈！该视频的分段已重新转码，现已恢复正常，播放进度也会自动续播。如仍有问题请再联系我们。',
  /** Days before the seed ran. */
  sentDaysAgo: 3,
} as const;

/** Runs after the demo users exist; replaces the student's feedback so a reseed gives the same list. */
export async function loadDemoFeedback(db: SeedDb): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, demoFeedback.mobile));
  if (!user) return;
  await db.delete(feedbacks).where(eq(feedbacks.userId, user.id));
  const sentAt = new Date(Date.now() - demoFeedback.sentDaysAgo * 24 * 60 * 60 * 1000);
  await db.insert(feedbacks).values({
    userId: user.id,
    type: demoFeedback.type,
    content: demoFeedback.content,
    images: [],
    status: 'REPLIED',
    reply: demoFeedback.reply,
    repliedAt: new Date(sentAt.getTime() + 2 * 60 * 60 * 1000),
    terminal: 'PC',
    createdAt: sentAt,
  });
}
