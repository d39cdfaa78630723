/**
 * The bench's yardstick: Fastify with one JSON route and no plugins, hooks or logging. With
 * BARE_BODY_FILE it answers that JSON (the course list the real server answered), serialized anew
 * on each request, as a server without prepared bytes would; else the envelope around a small
 * object. BARE_WORKERS=N runs N such processes on the port (node:cluster), as WORKERS does for the
 * real server. The real server's public reads are compared with it in the same run.
 */
import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const workers = Number(process.env.BARE_WORKERS || 1);
if (cluster.isPrimary && workers > 1) {
  for (let i = 0; i < workers; i += 1) cluster.fork();
  process.once('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    process.exit(0);
  });
} else {
  const body: unknown = process.env.BARE_BODY_FILE
    ? JSON.parse(readFileSync(process.env.BARE_BODY_FILE, 'utf8'))
    : { code: 200, msg: 'success', data: { id: 1, title: '学途', ok: true } };
  const app = Fastify({ logger: false });
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/bare', async () => body);
  await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
}
