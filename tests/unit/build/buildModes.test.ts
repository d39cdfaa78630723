import { loadEnv } from 'vite';
import { describe, expect, it } from 'vitest';
import { BUILD_MODES } from '../../../src/domain/shared/constants';

/** loadEnv lets process.env win, and vitest (mode test) has already loaded .env.test into it. */
function modeEnv(mode: string): Record<string, string> {
  const saved = Object.entries(process.env).filter(([k]) => k.startsWith('VITE_'));
  for (const [k] of saved) delete process.env[k];
  try {
    return loadEnv(mode, process.cwd(), 'VITE_');
  } finally {
    for (const [k, v] of saved) process.env[k] = v;
  }
}

describe('build environments', () => {
  it.each(BUILD_MODES)('mode %s has its own settings', (mode) => {
    const env = modeEnv(mode);
    expect(env.VITE_ENV_NAME).toBe(mode);
    expect(env.VITE_APP_ID).toMatch(/^xuetu-pc/);
    expect(env).toHaveProperty('VITE_MOBILE_ORIGIN');
  });
  it('each mode signs with its own app id', () => {
    const ids = BUILD_MODES.map((mode) => modeEnv(mode).VITE_APP_ID);
    expect(new Set(ids).size).toBe(BUILD_MODES.length);
  });
});
