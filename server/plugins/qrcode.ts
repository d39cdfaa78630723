/** GET /static/qrcode?text=… : an SVG QR code (app download, WeChat login), drawn server-side. */
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';

export const QRCODE_MAX_TEXT = 512;

export async function qrcodePlugin(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { text: string } }>(
    '/static/qrcode',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['text'],
          properties: { text: { type: 'string', minLength: 1, maxLength: QRCODE_MAX_TEXT } },
        },
      },
    },
    async (request, reply) => {
      const svg = await QRCode.toString(request.query.text, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
      // The same text always gives the same picture.
      return reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'public, max-age=86400').send(svg);
    },
  );
}
