/**
 * STORAGE and its S3_* settings (server/config.ts reads them through parseStorageConfig):
 * - STORAGE (default local): 'local' keeps uploads in UPLOAD_DIR and the media masters in
 *   MEDIA_DIR on this machine; 's3' keeps both in an S3-compatible bucket shared by every machine.
 * - S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required with STORAGE=s3.
 * - S3_REGION (default us-east-1; R2 uses auto).
 * - S3_ENDPOINT (default https://s3.<region>.amazonaws.com): the service's origin, e.g.
 *   https://<account>.r2.cloudflarestorage.com, https://oss-cn-hangzhou.aliyuncs.com,
 *   http://minio.internal:9000.
 * - S3_FORCE_PATH_STYLE (default false): true for endpoint/bucket/key URLs (MinIO and most
 *   self-hosted servers); false for bucket.endpoint/key (AWS, R2, OSS, COS).
 */
import { ConfigError } from '../../configError';

export interface S3Settings {
  /** An origin, without a trailing slash. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export type StorageConfig = { kind: 'local' } | ({ kind: 's3' } & S3Settings);

/** S3's bucket naming rules (lower case, digits, dots and hyphens, 3-63 long). */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9-]{1,32}$/;

function parseEndpoint(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`S3_ENDPOINT 无效 (invalid S3_ENDPOINT): ${raw}; use e.g. https://s3.us-east-1.amazonaws.com`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || (url.pathname !== '/' && url.pathname !== '') || url.search || url.username) {
    throw new ConfigError(`S3_ENDPOINT 无效 (invalid S3_ENDPOINT): ${raw}; use an origin such as https://s3.us-east-1.amazonaws.com, with no path`);
  }
  return url.origin;
}

function parseFlag(name: string, raw: string | undefined): boolean {
  const value = (raw || 'false').toLowerCase();
  if (value !== 'true' && value !== 'false') throw new ConfigError(`${name} 无效 (invalid ${name}): ${raw}; use true or false`);
  return value === 'true';
}

export function parseStorageConfig(env: NodeJS.ProcessEnv): StorageConfig {
  const kind = (env.STORAGE || 'local').toLowerCase();
  if (kind === 'local') return { kind: 'local' };
  if (kind !== 's3') throw new ConfigError(`STORAGE 无效 (invalid STORAGE): ${env.STORAGE}; use local or s3`);
  const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => !env[name]);
  if (missing.length) throw new ConfigError(`STORAGE=s3 缺少配置 (missing settings): ${missing.join(', ')}`);
  const bucket = env.S3_BUCKET!;
  if (!BUCKET_NAME.test(bucket))
    throw new ConfigError(`S3_BUCKET 无效 (invalid S3_BUCKET): ${bucket}; a bucket name is 3-63 lower-case letters, digits, dots or hyphens`);
  const region = env.S3_REGION || 'us-east-1';
  if (!REGION.test(region)) throw new ConfigError(`S3_REGION 无效 (invalid S3_REGION): ${region}; use e.g. us-east-1, cn-north-1 or auto`);
  return {
    kind: 's3',
    endpoint: parseEndpoint(env.S3_ENDPOINT || `https://s3.${region}.amazonaws.com`),
    region,
    bucket,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: parseFlag('S3_FORCE_PATH_STYLE', env.S3_FORCE_PATH_STYLE),
  };
}
