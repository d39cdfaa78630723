/**
 * The developer sandboxes' HTML answers (the WeChat sandbox of accounts, the sandbox wallet of
 * commerce): text escaped for HTML, and a page sent never cached.
 */
import type { FastifyReply } from 'fastify';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function sendHtml(reply: FastifyReply, body: string, status = 200): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}
