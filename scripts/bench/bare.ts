/**
 * The bench's yardstick: Fastify with one JSON route (the envelope around a small object) and no
 * plugins, hooks or logging. The real server's public reads are compared with it in the same run.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok' }));
app.get('/bare', async () => ({ code: 200, msg: 'success', data: { id: 1, title: '学途', ok: true } }));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
