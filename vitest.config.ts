import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// vite-plugin-pwa's module exists only in a build: the jsdom projects load the page's code with this instead.
const pwaRegister = { 'virtual:pwa-register': fileURLToPath(new URL('./tests/support/pwaRegister.ts', import.meta.url)) };

export default defineConfig({
  define: { __BUILD_MODE__: JSON.stringify('test') },
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine. A jsdom test
    // spends much of its time waiting (a page settling, msw answers, timers), so two workers there
    // cut the unit+model step from ~350 s to ~230 s. The server project runs its files one by one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        plugins: [react()],
        resolve: { alias: pwaRegister },
        define: { __BUILD_MODE__: JSON.stringify('test') },
        test: { name: 'unit', environment: 'jsdom', include: ['tests/unit/**/*.test.{ts,tsx}'], setupFiles: ['tests/setup/dom.ts'] },
      },
      {
        plugins: [react()],
        resolve: { alias: pwaRegister },
        define: { __BUILD_MODE__: JSON.stringify('test') },
        test: {
          name: 'model',
          environment: 'jsdom',
          include: ['tests/model/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/dom.ts'],
          globalSetup: ['tests/model/globalSetup.ts'],
        },
      },
      {
        // The public pages' renderer (src/ssr) is tested from source: the app's views, in Node.
        plugins: [react()],
        resolve: { alias: pwaRegister },
        define: { __BUILD_MODE__: JSON.stringify('test') },
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
