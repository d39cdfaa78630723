/**
 * A Vite plugin that, after the browser build, builds the server's renderer (src/ssr/renderPage.tsx,
 * the app's own views rendered to HTML) into `<outDir>/.ssr/` (its entry named in `.ssr/entry.json`), with the same mode, base
 * and environment as the browser build, so the server's HTML and the app's first render agree. The
 * folder is a dot-folder: the server never sends it as a file. Packages stay in node_modules (the
 * server's own), as for dist-server/.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';

export const SSR_DIR = '.ssr';
export const SSR_ENTRY = 'src/ssr/renderPage.tsx';
/**
 * Names the renderer's entry file, whose name carries its hash: the server imports a new build's
 * renderer by its new name, and its chunks import the same file by that name, so both are one
 * module (a query string to bust Node's module cache would make them two).
 */
export const SSR_ENTRY_RECORD = `${SSR_DIR}/entry.json`;

/** The worker's registration is the browser's; on the server the module it comes from is never run. */
function noWorkerRegistration(): Plugin {
  const id = '\0xuetu-ssr-no-pwa';
  return {
    name: 'xuetu-ssr-no-pwa',
    resolveId: (source) => (source === 'virtual:pwa-register' ? id : null),
    load: (source) => (source === id ? 'export function registerSW() { return () => Promise.resolve(); }' : null),
  };
}

export function ssrBundlePlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'xuetu-ssr-bundle',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const output = await build({
        configFile: false,
        root: config.root,
        base: config.base,
        mode: config.mode,
        envDir: config.envDir,
        publicDir: false,
        logLevel: 'warn',
        plugins: [react(), noWorkerRegistration()],
        define: config.define,
        build: {
          ssr: SSR_ENTRY,
          outDir: join(config.build.outDir, SSR_DIR),
          emptyOutDir: true,
          target: 'node20',
          sourcemap: true,
          minify: false,
          rolldownOptions: { output: { entryFileNames: 'renderPage-[hash].js' } },
        },
      });
      const outputs = (Array.isArray(output) ? output : [output]) as { output?: { type: string; isEntry?: boolean; fileName: string }[] }[];
      const entry = outputs.flatMap((o) => o.output ?? []).find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
      if (!entry) throw new Error('ssr bundle: no entry chunk');
      writeFileSync(join(config.build.outDir, SSR_ENTRY_RECORD), JSON.stringify({ file: entry.fileName }));
    },
  };
}
