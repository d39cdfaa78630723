/**
 * Serves the built SPA under /new/. Paths without an extension are client routes (history mode)
 * and get index.html; a path with an extension is a file and is a 404 when missing, because an
 * HTML answer to a missing script makes the browser fail with a confusing MIME error.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SPA_BASE as APP_BASE } from '../../src/paths';
import type { PublicCache } from '../shared/publicCache';
import type { RenderPage } from '../../src/domain/shared/serverPage';
import type { ServerConfig } from '../config';
import { createIndexPages } from './routePreloads';
import { createServerPages } from './serverPages';

export const SPA_BASE = `${APP_BASE}/`;
/** Vite puts content-hashed files here: they never change, so browsers may keep them forever. */
const ASSETS_DIR = 'assets/';
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;
/** Files at fixed names that change with every build. */
const NO_CACHE_FILES = new Set(['sw.js', 'manifest.webmanifest']);
export const NOT_BUILT_TEXT = '学途前端尚未构建，请先运行 npm run build (the SPA is not built: run `npm run build`)';

export interface SpaOptions {
  distDir: string;
  config: Pick<ServerConfig, 'publicOrigin'>;
  /** Tests render from source (src/ssr/renderPage.tsx); by default the build's dist/.ssr/renderPage.js. */
  renderer?: () => Promise<RenderPage | null>;
  /** Where rendered pages are kept for the next visitors, and the clock of their age (server/plugins/renderedPages.ts). */
  cache?: PublicCache;
  now?: () => number;
}

function queryOf(url: string): string {
  const i = url.indexOf('?');
  return i === -1 ? '' : url.slice(i);
}

function hasExtension(rest: string): boolean {
  const last = rest.split('/').pop() ?? '';
  return path.posix.extname(last) !== '';
}

export async function spaPlugin(app: FastifyInstance, opts: SpaOptions): Promise<void> {
  const distDir = path.resolve(opts.distDir);
  const indexFile = path.join(distDir, 'index.html');

  // serve:false: our own route decides between file, history fallback and 404.
  await app.register(fastifyStatic, {
    root: distDir,
    serve: false,
    preCompressed: true,
    index: false,
    dotfiles: 'ignore',
    suppressWarning: true,
  });

  app.get('/', (request, reply) => reply.redirect(SPA_BASE + queryOf(request.url), 302));
  app.get('/new', (request, reply) => reply.redirect(SPA_BASE + queryOf(request.url), 301));

  const indexPages = createIndexPages(distDir, SPA_BASE);
  const serverPages = createServerPages(app, {
    distDir,
    config: opts.config,
    ...(opts.renderer ? { renderer: opts.renderer } : {}),
    ...(opts.cache ? { cache: opts.cache } : {}),
    ...(opts.now ? { now: opts.now } : {}),
  });

  /** `shell`: index.html itself, the app's empty shell (the offline worker keeps it for every page): never rendered on the server. */
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, rest: string, shell = false): Promise<FastifyReply> => {
    // Checked per request: a build made after start-up is picked up without a restart.
    const page = existsSync(indexFile) ? indexPages.page(`/${rest}`) : null;
    if (!page) {
      return reply.code(503).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT_TEXT);
    }
    // no-cache: a new deploy's index.html (pointing at new hashed assets) is seen at once.
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding, cookie').type('text/html; charset=utf-8');
    const accepted = String(request.headers['accept-encoding'] ?? '');
    // A public page with its content (server/plugins/serverPages.ts), compressed once per kept page: its data changes.
    const rendered = shell ? null : await serverPages.render(request, `/${rest.replace(/\/$/, '')}`, page.html.toString('utf8'));
    if (rendered) {
      reply.code(rendered.status);
      if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(rendered.encoded('br'));
      if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(rendered.encoded('gzip'));
      return reply.send(rendered.html);
    }
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
    return reply.send(page.html);
  };

  // One route for index.html and the files: all of them get the page headers (a CSP on a script or an
  // image is harmless; index.html must have it).
  app.get('/new/*', { config: { securityHeaders: 'page' } }, (request: FastifyRequest<{ Params: { '*': string } }>, reply) => {
    const rest = request.params['*'] ?? '';
    if (rest === 'index.html') return sendIndex(request, reply, '', true);
    if (!hasExtension(rest)) return sendIndex(request, reply, rest);
    if (rest.startsWith(ASSETS_DIR)) return reply.sendFile(rest, { maxAge: ONE_YEAR_MS, immutable: true });
    // The offline shell's worker and manifest (scripts/build/offlineShell.ts): a new build must be seen at once.
    if (NO_CACHE_FILES.has(rest)) return reply.header('cache-control', 'no-cache').sendFile(rest, { cacheControl: false });
    return reply.sendFile(rest);
  });
}
