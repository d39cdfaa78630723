/**
 * A local S3-compatible server for the storage tests, started in-process: s3rver (npm) on port 0
 * with a temp dir, behind a front that refuses what a private bucket refuses. s3rver alone lets
 * anonymous requests through and does not check V4 signatures (its V4 check is a stub; it checks
 * only the key id, the clock skew and a presigned link's expiry), so without the front an altered
 * link would pass. The front recomputes each request's SigV4 signature with aws4fetch's signer
 * (as S3 does with its own) and answers 403 AccessDenied when it differs or is missing.
 * (The payload hash a PUT signs is not compared with the body: s3rver needs the stream.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { AwsV4Signer } from 'aws4fetch';
import S3rver from 's3rver';
import type { S3Settings } from '../../server/providers/storage/storageConfig';

/** s3rver knows this one key pair. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export interface LocalS3 {
  settings: S3Settings;
  /** Requests the bucket refused for their signature, by method and path (what a test may assert). */
  refused: string[];
  close(): Promise<void>;
}

const AUTH_HEADER = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/;

async function signatureHolds(req: IncomingMessage): Promise<boolean> {
  const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
  const method = req.method ?? 'GET';
  const given = url.searchParams.get('X-Amz-Signature');
  if (given !== null) {
    // A presigned link: sign the same URL without its signature and compare.
    const [keyId, , region, service] = (url.searchParams.get('X-Amz-Credential') ?? '').split('/');
    const datetime = url.searchParams.get('X-Amz-Date');
    if (keyId !== ACCESS_KEY_ID || !region || !service || !datetime || url.searchParams.get('X-Amz-SignedHeaders') !== 'host') return false;
    const unsigned = new URL(url);
    unsigned.searchParams.delete('X-Amz-Signature');
    const signer = new AwsV4Signer({
      method,
      url: unsigned.toString(),
      accessKeyId: keyId,
      secretAccessKey: SECRET_ACCESS_KEY,
      region,
      service,
      datetime,
      signQuery: true,
    });
    return (await signer.sign()).url.searchParams.get('X-Amz-Signature') === given;
  }
  const auth = AUTH_HEADER.exec(req.headers.authorization ?? '');
  const datetime = req.headers['x-amz-date'];
  if (!auth || typeof datetime !== 'string') return false;
  const [, keyId, , region, service, signedHeaders, signature] = auth;
  if (keyId !== ACCESS_KEY_ID) return false;
  const headers = new Headers();
  for (const name of signedHeaders!.split(';')) {
    const value = req.headers[name];
    if (name !== 'host' && typeof value === 'string') headers.set(name, value);
  }
  const signer = new AwsV4Signer({ method, url: url.toString(), headers, accessKeyId: keyId, secretAccessKey: SECRET_ACCESS_KEY, region, service, datetime });
  return signer.signedHeaders === signedHeaders && (await signer.signature()) === signature;
}

export async function startLocalS3(bucket = 'xuetu-test'): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'xt-s3-'));
  const s3rver = new S3rver({ silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  await s3rver.configureBuckets();
  const handle = s3rver.callback();
  const refused: string[] = [];
  const server = createServer((req, res) => {
    signatureHolds(req).then(
      (holds) => {
        if (holds) return handle(req, res);
        refused.push(`${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}`);
        res
          .writeHead(403, { 'content-type': 'application/xml' })
          .end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>');
      },
      (err: unknown) => res.writeHead(500).end(String(err)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket,
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET_ACCESS_KEY,
      forcePathStyle: true,
    },
    refused,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
