/**
 * What the browser seals with the server's public key (server_secrets): RSA with PKCS#1 v1.5
 * padding, base64-encoded, which is what JSEncrypt produces. Password fields (accounts) and the
 * sealed calls (`'rsa'` in src/domain, e.g. fileDownloadUrl) arrive so. Node 20 refuses PKCS#1 v1.5
 * private decryption (a Marvin attack mitigation) and --security-revert must never ship, so
 * node-forge decrypts. The padding oracle that remains is blunted by the limits in front of every use.
 */
import forge from 'node-forge';

const parsedKeys = new Map<string, forge.pki.rsa.PrivateKey>();

function privateKeyFor(pem: string): forge.pki.rsa.PrivateKey {
  let key = parsedKeys.get(pem);
  if (!key) {
    key = forge.pki.privateKeyFromPem(pem);
    parsedKeys.set(pem, key);
  }
  return key;
}

/** 2048-bit ciphertext is 256 bytes: 344 base64 characters. Anything far off is not ours. */
const BASE64_PATTERN = /^[A-Za-z0-9+/]+={0,2}$/;

/** The plain text of one encrypted field, or null when it does not decrypt. */
export function rsaDecrypt(privateKeyPem: string, base64: string): string | null {
  const text = base64.replace(/\s+/g, '');
  if (text.length < 100 || text.length > 700 || !BASE64_PATTERN.test(text)) return null;
  try {
    const bytes = forge.util.decode64(text);
    const plain = privateKeyFor(privateKeyPem).decrypt(bytes, 'RSAES-PKCS1-V1_5');
    return forge.util.decodeUtf8(plain);
  } catch {
    return null;
  }
}

/** For tests and tools: what JSEncrypt does in the browser. */
export function rsaEncrypt(publicKeyPem: string, plain: string): string {
  const key = forge.pki.publicKeyFromPem(publicKeyPem);
  return forge.util.encode64(key.encrypt(forge.util.encodeUtf8(plain), 'RSAES-PKCS1-V1_5'));
}
