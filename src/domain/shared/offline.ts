/**
 * The offline shell's rules and texts (issue 23; docs/architecture.md "The offline shell"): where a
 * new version must wait, and what a page says when the network is gone.
 */
/**
 * Pages where a new version waits for the student to leave: reloading there would interrupt an
 * exam, a practice or a review being answered, or a self-marking under way. The prefixes of
 * PATTERNS.answer, practiceRecord and paperMark (tests/unit/shared/offline.test.ts holds them to
 * those): no route table here, so the shell's foot line loads without it.
 */
export const HOLDING_PREFIXES = ['/question-bank/learn-center/', '/question-bank/learn-center-record/', '/question-bank/learn-center-mark/'] as const;

/** Whether a new version must wait on this page (a path inside the app, without /new). */
export function holdsUpdate(path: string): boolean {
  return HOLDING_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** A page whose code is not on this device, and the network is gone (the foot line's words: offline.texts.ts). */
export const PAGE_OFFLINE_TEXTS = {
  title: '当前处于离线状态',
  body: '这个页面需要联网才能打开，请连接网络后刷新页面。',
} as const;
