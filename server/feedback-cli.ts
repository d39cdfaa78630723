/**
 * `npm run feedback`: the team's side of 意见反馈, until the site has an operators' console.
 *   npm run feedback                      the unanswered feedback, oldest first
 *   npm run feedback -- --all             the latest 50 of every state
 *   npm run feedback -- reply <id> <text> answers one (the student sees it under 我的反馈)
 * With PGlite it takes the data-dir lock, so it refuses to run while the server is up (stop it, or
 * run the site on PostgreSQL, where any number of processes share the database).
 */
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './db/lock';
import { migrateDatabase } from './db/migrate';
import { feedbackTypeLabel } from '../src/domain/site/feedback';
import { feedbackForTeam, replyToFeedback } from './feedback/feedback.queries';

const REPLY_MAX = 1000;

async function run(args: string[]): Promise<number> {
  const config = loadConfig();
  let lock: DataDirLock | null = null;
  if (!config.databaseUrl) lock = acquireDataDirLock(config.dataDir);
  const handle = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    await migrateDatabase(handle);
    if (args[0] === 'reply') {
      const id = Number(args[1]);
      const text = args.slice(2).join(' ').trim();
      if (!Number.isSafeInteger(id) || id < 1 || !text || [...text].length > REPLY_MAX) {
        console.error(`用法 (usage): npm run feedback -- reply <id> <回复内容，最多${REPLY_MAX}字>`);
        return 2;
      }
      if (!(await replyToFeedback(handle.db, id, text))) {
        console.error(`没有编号为 ${id} 的反馈 (no feedback ${id})`);
        return 1;
      }
      console.log(`已回复反馈 #${id} (replied)`);
      return 0;
    }
    const all = args.includes('--all');
    const list = await feedbackForTeam(handle.db, { pendingOnly: !all, limit: 50 });
    if (list.length === 0) console.log(all ? '还没有反馈 (no feedback yet)' : '没有待回复的反馈 (nothing pending)');
    for (const f of list) {
      console.log(
        `#${f.id} [${feedbackTypeLabel(f.type)}] ${f.status === 'REPLIED' ? '已回复' : '待回复'} · 用户 ${f.userId} ${f.mobile ?? ''} · ${f.createdAt}`,
      );
      console.log(`  ${f.content.replace(/\n/g, '\n  ')}`);
      for (const url of f.images) console.log(`  图片: ${url}`);
      if (f.reply) console.log(`  回复: ${f.reply}`);
    }
    return 0;
  } finally {
    await handle.close();
    lock?.release();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof DataDirLockedError ? err.message : err);
    process.exit(1);
  },
);
