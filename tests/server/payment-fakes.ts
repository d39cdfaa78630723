/**
 * A local stand-in for the payment vendors' HTTP APIs (a Fastify instance on port 0): it records
 * each request with its exact body and answers with whatever the test sets, so the adapters' real
 * fetch, headers, signatures and timeouts are exercised without the network.
 */
import { randomBytes, createCipheriv, type KeyObject } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { signSha256Rsa } from '../../server/providers/payment/keys';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface FakeAnswer {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /**
   * Answers only once this settles (timeouts): the test releases it after the client gave up, so
   * "gave up before the answer" holds however slow the machine is.
   */
  heldUntil?: Promise<unknown>;
}

/** An answer held back until `release()` (for FakeAnswer.heldUntil). */
export function heldAnswer(): { held: Promise<void>; release: () => void } {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { held, release };
}

export interface FakeVendor {
  origin: string;
  requests: RecordedRequest[];
  answer: (request: RecordedRequest) => FakeAnswer;
  close(): Promise<void>;
}

export async function startFakeVendor(): Promise<FakeVendor> {
  const app: FastifyInstance = Fastify({ logger: false });
  // Keep every body as the exact text: signatures are over bytes.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  const fake: FakeVendor = {
    origin: '',
    requests: [],
    answer: () => ({ status: 500, body: 'no answer set' }),
    close: async () => {
      await app.close();
    },
  };
  app.all('/*', async (request, reply) => {
    const recorded: RecordedRequest = {
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: typeof request.body === 'string' ? request.body : '',
    };
    fake.requests.push(recorded);
    const answer = fake.answer(recorded);
    if (answer.heldUntil) await answer.heldUntil;
    reply.code(answer.status ?? 200);
    for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
    return reply.send(answer.body ?? '');
  });
  fake.origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return fake;
}

/** The four Wechatpay-* headers WeChat puts on an answer or a notice, signed with the platform key. */
export function wechatSignedHeaders(
  body: string,
  platformKey: KeyObject,
  serial: string,
  timestampSeconds: number,
  nonce = 'N0NCE0123456789',
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'wechatpay-serial': serial,
    'wechatpay-timestamp': String(timestampSeconds),
    'wechatpay-nonce': nonce,
    'wechatpay-signature': signSha256Rsa(`${timestampSeconds}\n${nonce}\n${body}\n`, platformKey),
  };
}

/** Encrypts a notice resource as WeChat does (AEAD_AES_256_GCM, tag appended). */
export function encryptResource(apiV3Key: string, plaintext: string, associatedData = 'transaction', nonce = randomBytes(6).toString('hex')) {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
  return { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: associatedData, nonce };
}

/** Parses `WECHATPAY2-SHA256-RSA2048 k="v",…` into its fields; null when the schema differs. */
export function parseWechatAuthorization(header: string | undefined): Record<string, string> | null {
  const match = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header ?? '');
  if (!match) return null;
  const fields: Record<string, string> = {};
  for (const part of match[1]!.matchAll(/(\w+)="([^"]*)"/g)) fields[part[1]!] = part[2]!;
  return fields;
}
