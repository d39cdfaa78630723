/**
 * The offline shell's rules and texts (issue 23; docs/architecture.md "The offline shell"): where a
 * new version must wait, and what a page says when the network is gone.
 */
import { PATTERNS } from '../../paths';
import { matchPath } from './routing';

/**
 * Pages where a new version waits for the student to leave: reloading there would interrupt an
 * exam, a practice or a review being answered, or a self-marking under way.
 */
const HOLDING_PATTERNS = [PATTERNS.answer, PATTERNS.practiceRecord, PATTERNS.paperMark] as const;

/** Whether a new version must wait on this page (a path inside the app, without /new). */
export function holdsUpdate(path: string): boolean {
  return HOLDING_PATTERNS.some((pattern) => matchPath(pattern, path) !== null);
}

/** A page whose code is not on this device, and the network is gone (the foot line's words: offline.texts.ts). */
export const PAGE_OFFLINE_TEXTS = {
  title: '当前处于离线状态',
  body: '这个页面需要联网才能打开，请连接网络后刷新页面。',
} as const;
