/**
 * The screen of each state, for the gallery's pictures (scripts/statecharts/screens.ts). When a
 * path first brings a suite's view into a state, and its assertion has passed, the page is what a
 * student sees in that state: its DOM is hashed (every run, so the model run can report which
 * pictures are stale) and, when `npm run screens` asks (XT_CAPTURE_SCREENS=<dir>), written with
 * the component styles jsdom holds, for Chromium to draw with the built app's CSS.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { leafStates, pathsFileName } from '../../scripts/statecharts/testPaths';
import { coverageDir } from './coverage';

export const CAPTURE_ENV = 'XT_CAPTURE_SCREENS';

/** One state's screen as captured (the renderer's input). */
export interface ScreenCapture {
  machine: string;
  suite: string;
  state: string;
  hash: string;
  /** `<body>` as serialized by jsdom. */
  html: string;
  /** The rules of the page's style sheets (Griffel's, inserted through the CSSOM, are not in the HTML). */
  css: string;
}

/** This run's hash of each state's first screen, per suite (globalSetup.ts reports the stale pictures). */
export const screenHashesDir = (): string => path.join(coverageDir(), 'screens');

/**
 * The hash of a screen. Clock readings (a countdown's 29:58, a time of day) are left out: views
 * count them from the real clock, and a picture is not stale because a second passed.
 */
export const screenHash = (html: string): string =>
  createHash('sha256')
    .update(html.replace(/\d{1,2}:\d{2}(:\d{2})?/g, '#:#'))
    .digest('hex')
    .slice(0, 16);

function styleRules(): string {
  const out: string[] = [];
  for (const sheet of Array.from(document.styleSheets)) {
    try {
      for (const rule of Array.from(sheet.cssRules)) out.push(rule.cssText);
    } catch {
      // A sheet jsdom cannot read: the built CSS still styles the picture.
    }
  }
  return out.join('\n');
}

/** Records the screens of one suite; `done` writes this run's hashes. */
export function screenRecorder(machine: string, suite: string): { seen: (value: unknown) => void; done: () => void } {
  const hashes: Record<string, string> = {};
  const captureDir = process.env[CAPTURE_ENV];
  return {
    seen(value) {
      const fresh = leafStates(value).filter((state) => !(state in hashes));
      if (fresh.length === 0) return;
      const html = document.body.outerHTML;
      const hash = screenHash(html);
      for (const state of fresh) hashes[state] = hash;
      if (!captureDir) return;
      const css = styleRules();
      mkdirSync(captureDir, { recursive: true });
      for (const state of fresh) {
        const capture: ScreenCapture = { machine, suite, state, hash, html, css };
        writeFileSync(path.join(captureDir, `${pathsFileName(machine, suite).replace(/\.json$/, '')}--${state}.json`), JSON.stringify(capture));
      }
    },
    done() {
      mkdirSync(screenHashesDir(), { recursive: true });
      writeFileSync(path.join(screenHashesDir(), pathsFileName(machine, suite)), JSON.stringify({ machine, suite, hashes }));
    },
  };
}
