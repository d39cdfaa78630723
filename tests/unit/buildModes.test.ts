import { loadEnv } from 'vite';
import { describe, expect, it } from 'vitest';
import { BUILD_MODES } from '../../src/domain/constants';

describe('build environments', () => {
  it.each(BUILD_MODES)('mode %s has its own settings', (mode) => {
    const env = loadEnv(mode, process.cwd(), 'VITE_');
    expect(env.VITE_ENV_NAME).toBe(mode);
    expect(env.VITE_APP_ID).toMatch(/^xuetu-pc/);
    expect(env).toHaveProperty('VITE_MOBILE_ORIGIN');
  });
  it('each mode signs with its own app id', () => {
    const ids = BUILD_MODES.map((mode) => loadEnv(mode, process.cwd(), 'VITE_').VITE_APP_ID);
    expect(new Set(ids).size).toBe(BUILD_MODES.length);
  });
});
