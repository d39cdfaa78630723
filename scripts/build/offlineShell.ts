/**
 * The service worker of the offline shell (issue 23; docs/architecture.md "The offline shell"),
 * built by vite-plugin-pwa (Workbox's generateSW):
 * - precached: index.html, the entry chunk with its static imports and CSS, the offline foot line,
 *   the icons and the manifest — what every page needs to start;
 * - the route chunks a student uses are kept on first use (content-hashed, so cache-first is safe);
 * - a navigation goes to the network (the server's page carries the route's preloads and, later,
 *   its content); offline it gets the precached shell, which routes on the client;
 * - nothing else is touched: API answers, media and uploads always come from the network, never
 *   stale from a cache.
 * A new build's worker waits (registerType 'prompt'): the page offers 刷新 when it is safe
 * (src/services/shared/offlineShell.ts), never in the middle of an exam.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VitePWA } from 'vite-plugin-pwa';
import { OFFLINE_ASSET_CACHE } from '../../src/domain/shared/offlineCache';
import type { Plugin, PluginOption } from 'vite';

/** The runtime cache of route chunks; the page warms it with what it loaded before the worker took over. */
export const ASSET_CACHE = OFFLINE_ASSET_CACHE;

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * What the shell needs with no network, whatever page it opens: the entry (the chunk of index.html),
 * and the foot line that says the student is offline (loaded only when it shows, so it must be here
 * before the network goes), each with its static imports and CSS.
 */
const SHELL_MODULES = ['index.html', 'src/views/app/NetworkNotices.tsx', 'src/views/app/NetworkBanner.tsx'];

function shellFiles(outDir: string): Set<string> {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  for (const key of SHELL_MODULES) walk(key);
  return files;
}

export function offlineShellPlugin(): PluginOption {
  // The build's outDir (a variant build writes elsewhere), known once the config is resolved.
  let outDir = 'dist';
  const outDirOf: Plugin = {
    name: 'xuetu-offline-shell-outdir',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
  };
  return [
    outDirOf,
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        id: '/new/',
        name: '学途网校',
        short_name: '学途',
        description: '职业资格考试的视频课程与在线题库：随时随地学习、刷题。',
        lang: 'zh-CN',
        start_url: '/new/',
        scope: '/new/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#0671a4',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The manifest and its icons the plugin adds itself.
        globPatterns: ['index.html', 'assets/*.{js,css}', 'favicon.svg', 'icons/apple-touch-icon-180.png'],
        // Only the shell's own files of assets/: route chunks are cached when used (below).
        manifestTransforms: [
          (entries) => {
            const shell = shellFiles(outDir);
            return { manifest: entries.filter((e) => !e.url.startsWith('assets/') || shell.has(e.url)), warnings: [] };
          },
        ],
        navigateFallback: null,
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        runtimeCaching: [
          {
            urlPattern: ({ request, url }) => request.mode === 'navigate' && url.pathname.startsWith('/new/'),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: 'index.html' } },
          },
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/new/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: ASSET_CACHE, expiration: { maxEntries: 300, purgeOnQuotaError: true }, cacheableResponse: { statuses: [200] } },
          },
        ],
      },
      devOptions: { enabled: false },
    }),
  ];
}
