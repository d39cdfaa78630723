/**
 * Storage in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Aliyun OSS and Tencent COS in
 * their S3 modes), so several server machines share one store. Requests are signed with AWS
 * Signature V4 by aws4fetch (a few KB over the built-in fetch; the AWS SDK would add megabytes
 * for four calls). The bucket stays private: the site reads objects with its own keys and serves
 * them itself, and signedUrl hands out a presigned GET that expires.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { S3Settings } from './storageConfig';
import { contentTypeOfKey, MAX_SIGNED_URL_SECONDS, newUploadKey, parseKey, type Storage, StorageError, type StoredObject, uploadUrl } from './storage';

/** Small calls (put, read, head, delete) give up after this; a streamed read is bounded by its reader instead. */
const CALL_TIMEOUT_MS = 30_000;

/** SigV4's timestamp: 20260102T030405Z. */
export function amzDate(at: Date): string {
  return at.toISOString().replace(/[:-]|\.\d{3}/g, '');
}

export interface S3StorageOptions {
  /** "Now" for presigned URLs (tests sign in the past to get an expired one); requests always sign with the real time, which S3 checks. */
  now?: () => Date;
}

export class S3Storage implements Storage {
  readonly remote = true;
  private readonly client: AwsClient;
  private readonly now: () => Date;

  constructor(
    private readonly settings: S3Settings,
    options: S3StorageOptions = {},
  ) {
    // aws4fetch retries 5xx and 429 with backoff; a few tries are enough for a request a user waits on.
    this.client = new AwsClient({
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      service: 's3',
      region: settings.region,
      retries: 2,
    });
    this.now = options.now ?? (() => new Date());
  }

  /** Path style (endpoint/bucket/key: MinIO, most self-hosted servers) or virtual-host style (bucket.endpoint/key: AWS, R2, OSS, COS). */
  objectUrl(key: string): URL {
    parseKey(key);
    const endpoint = new URL(this.settings.endpoint);
    if (this.settings.forcePathStyle) return new URL(`/${this.settings.bucket}/${key}`, endpoint);
    endpoint.hostname = `${this.settings.bucket}.${endpoint.hostname}`;
    return new URL(`/${key}`, endpoint);
  }

  async put(buffer: Buffer, ext: string, contentType: string): Promise<string> {
    const key = newUploadKey(ext, new Date());
    await this.putObject(key, buffer, contentType);
    return uploadUrl(key);
  }

  async putObject(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const res = await this.client.fetch(this.objectUrl(key).toString(), {
      method: 'PUT',
      // A view of the same memory, typed as fetch wants it (a Buffer is never on a SharedArrayBuffer here).
      body: new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength),
      // The payload's hash is signed too: a body changed on the way is refused by the bucket.
      headers: { 'content-type': contentType, 'x-amz-content-sha256': createHash('sha256').update(bytes).digest('hex') },
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    if (!res.ok) throw await failure('PUT', key, res);
    await res.arrayBuffer();
  }

  async get(key: string): Promise<StoredObject | null> {
    const res = await this.client.fetch(this.objectUrl(key).toString(), { method: 'GET' });
    if (res.status === 404) {
      await res.arrayBuffer();
      return null;
    }
    if (!res.ok || !res.body) throw await failure('GET', key, res);
    const size = Number(res.headers.get('content-length'));
    if (!Number.isSafeInteger(size) || size < 0) {
      await res.body.cancel();
      throw new StorageError(`S3 GET ${key}: no content-length`);
    }
    return {
      body: Readable.fromWeb(res.body as unknown as NodeWebReadableStream<Uint8Array>),
      size,
      contentType: res.headers.get('content-type') ?? contentTypeOfKey(key),
    };
  }

  async read(key: string): Promise<Buffer | null> {
    const res = await this.client.fetch(this.objectUrl(key).toString(), { method: 'GET', signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
    if (res.status === 404) {
      await res.arrayBuffer();
      return null;
    }
    if (!res.ok) throw await failure('GET', key, res);
    return Buffer.from(await res.arrayBuffer());
  }

  async has(key: string): Promise<boolean> {
    const res = await this.client.fetch(this.objectUrl(key).toString(), { method: 'HEAD', signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
    await res.arrayBuffer();
    if (res.status === 404) return false;
    // Without s3:ListBucket S3 answers a missing key 403, indistinguishable from a wrong key: say so.
    if (!res.ok) throw new StorageError(`S3 HEAD ${key}: ${res.status} (the key needs s3:GetObject and s3:ListBucket on the bucket)`, res.status);
    return true;
  }

  async delete(key: string): Promise<void> {
    const res = await this.client.fetch(this.objectUrl(key).toString(), { method: 'DELETE', signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
    if (!res.ok && res.status !== 404) throw await failure('DELETE', key, res);
    await res.arrayBuffer();
  }

  /** A presigned GET (SigV4 query signature) that the bucket refuses after `expiresInSeconds`, or once altered. */
  async signedUrl(key: string, expiresInSeconds: number): Promise<string> {
    if (!Number.isInteger(expiresInSeconds) || expiresInSeconds < 1 || expiresInSeconds > MAX_SIGNED_URL_SECONDS) {
      throw new StorageError(`a signed URL lives 1 to ${MAX_SIGNED_URL_SECONDS} seconds, not ${expiresInSeconds}`);
    }
    const url = this.objectUrl(key);
    url.searchParams.set('X-Amz-Expires', String(expiresInSeconds));
    const signed = await this.client.sign(url.toString(), { method: 'GET', aws: { signQuery: true, datetime: amzDate(this.now()) } });
    return signed.url;
  }
}

/** The bucket's refusal as an error: status and S3's error code (<Code>AccessDenied</Code>), never the credentials. */
async function failure(method: string, key: string, res: Response): Promise<StorageError> {
  const text = await res.text().catch(() => '');
  const code = /<Code>([^<]{1,64})<\/Code>/.exec(text)?.[1];
  return new StorageError(`S3 ${method} ${key}: ${res.status}${code ? ` ${code}` : ''}`, res.status);
}
