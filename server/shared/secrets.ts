/**
 * Keys the server makes for itself on first use and keeps in server_secrets: the RSA-2048 keypair
 * whose public half encrypts password fields in the browser, and the HMAC key for SMS code hashes.
 * Stored in the database (not on disk) so every process behind one PostgreSQL shares them, and
 * generated with ON CONFLICT DO NOTHING + read-back so processes starting together agree on one.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { serverSecrets } from '../db/schema';

export interface ServerSecrets {
  rsaPublicKeyPem: string;
  rsaPrivateKeyPem: string;
  hmacKey: Buffer;
}

const KEYS = { publicKey: 'rsa_public_key', privateKey: 'rsa_private_key', hmac: 'hmac_key' } as const;

/** One load per database handle; tests open many databases in one process. */
const cache = new WeakMap<Db, Promise<ServerSecrets>>();

async function readAll(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .select()
    .from(serverSecrets)
    .where(inArray(serverSecrets.key, Object.values(KEYS)));
  return new Map(rows.map((row) => [row.key, row.value]));
}

function fromRows(rows: Map<string, string>): ServerSecrets | null {
  const publicKey = rows.get(KEYS.publicKey);
  const privateKey = rows.get(KEYS.privateKey);
  const hmac = rows.get(KEYS.hmac);
  if (!publicKey || !privateKey || !hmac) return null;
  return { rsaPublicKeyPem: publicKey, rsaPrivateKeyPem: privateKey, hmacKey: Buffer.from(hmac, 'base64') };
}

async function loadOrCreate(db: Db): Promise<ServerSecrets> {
  const existing = fromRows(await readAll(db));
  if (existing) return existing;
  // PKCS#1 PEM ("RSA PRIVATE KEY") is what node-forge reads most directly; SPKI is what JSEncrypt takes.
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  // The keypair goes in as one statement: a second process either wins whole or loses whole.
  await db
    .insert(serverSecrets)
    .values([
      { key: KEYS.publicKey, value: publicKey },
      { key: KEYS.privateKey, value: privateKey },
    ])
    .onConflictDoNothing();
  await db
    .insert(serverSecrets)
    .values({ key: KEYS.hmac, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const stored = fromRows(await readAll(db));
  if (!stored) throw new Error('server secrets could not be stored');
  return stored;
}

export function getSecrets(db: Db): Promise<ServerSecrets> {
  let pending = cache.get(db);
  if (!pending) {
    pending = loadOrCreate(db);
    // A failed load (database down) must not be cached for ever.
    pending.catch(() => cache.delete(db));
    cache.set(db, pending);
  }
  return pending;
}

/**
 * The secrets if some process made them already, never making them: for a request that can only
 * be valid when they exist (something sealed with the public key), so a refused request leaves
 * the database as it found it.
 */
export async function existingSecrets(db: Db): Promise<ServerSecrets | null> {
  const pending = cache.get(db);
  if (pending) return pending;
  const stored = fromRows(await readAll(db));
  if (stored) cache.set(db, Promise.resolve(stored));
  return stored;
}
