/**
 * Loads src modules through Vite (same transforms, env and defines as the app), so Node code can
 * hold the real machines: `import.meta.env`, which the services read, exists only under Vite.
 * Used by `npm run statecharts` and by the model paths that run in Chromium (tests/e2e/model).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function loadModules(root: string, files: readonly string[]): Promise<Array<{ file: string; mod: Record<string, unknown> }>> {
  if (files.length === 0) return [];
  const { createServer } = await import('vite');
  // Its own cache: the app's plugins still pre-bundle a few client dependencies, and written into
  // node_modules/.vite they would replace those of a development server running meanwhile (the
  // Playwright workers load machines while the e2e dev server serves the app), whose pages then
  // fail on an "outdated" dependency.
  const cacheDir = mkdtempSync(join(tmpdir(), 'xuetu-load-modules-'));
  const server = await createServer({
    root,
    cacheDir,
    mode: 'test',
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const out: Array<{ file: string; mod: Record<string, unknown> }> = [];
    for (const file of files) {
      try {
        out.push({ file, mod: (await server.ssrLoadModule(join(root, file))) as Record<string, unknown> });
      } catch (e) {
        throw new Error(`cannot import ${file}: ${(e as Error).message}`);
      }
    }
    return out;
  } finally {
    await server.close();
    rmSync(cacheDir, { recursive: true, force: true });
  }
}
