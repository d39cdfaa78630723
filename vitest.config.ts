import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __BUILD_MODE__: JSON.stringify('test') },
  test: {
    projects: [
      {
        plugins: [react()],
        define: { __BUILD_MODE__: JSON.stringify('test') },
        test: { name: 'unit', environment: 'jsdom', include: ['tests/unit/**/*.test.{ts,tsx}'], setupFiles: ['tests/setup/dom.ts'] },
      },
      {
        plugins: [react()],
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
