import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { offlineShellPlugin } from './scripts/build/offlineShell';
import { routePreloadsPlugin } from './scripts/build/routePreloads';
import { ssrBundlePlugin } from './scripts/build/ssrBundle';

const API_PREFIXES = [
  '/usercenter',
  '/captcha',
  '/sys',
  '/content',
  '/payment',
  '/crm',
  '/products',
  '/dataanalysis',
  '/questionbank',
  '/api',
  '/dev',
  '/healthz',
  '/readyz',
  '/static',
  '/media',
];

const PUBLIC_MODULES =
  /[\\/]src[\\/](domain[\\/](shared[\\/](constants|api)|account[\\/]limits|catalog[\\/](calls|contract)|site[\\/](calls|contract))|machines[\\/]shared[\\/]pageData|services[\\/](catalog[\\/]catalog|site[\\/]site)\.api)\.ts$/;

/** Writes .gz and .br next to each text asset so the server can send them precompressed. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'xuetu-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const full = join(dir, name);
          return statSync(full).isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|map)$/.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

// Modes: test, uat, prod (each with its .env.<mode>); `vite` alone is development.
export default defineConfig(({ mode }) => ({
  base: '/new/',
  plugins: [react(), routePreloadsPlugin('src/routes.ts'), offlineShellPlugin(), precompress(), ssrBundlePlugin()],
  define: {
    __BUILD_MODE__: JSON.stringify(mode === 'development' ? 'dev' : mode),
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(API_PREFIXES.map((p) => [p, { target: `http://127.0.0.1:${process.env.PORT ?? 8080}`, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    sourcemap: mode !== 'prod',
    target: 'es2022',
    reportCompressedSize: false,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every public page reads (the catalogue and site contracts and their calls, the shared
          // constants, the page-data statechart) in one chunk: left to the automatic splitting these
          // small modules, shared by many lazy views, become six tiny files on the home route.
          groups: [{ name: 'public', test: PUBLIC_MODULES }],
        },
      },
    },
  },
}));
