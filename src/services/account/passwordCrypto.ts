/**
 * Passwords leave the browser RSA-encrypted (PKCS#1 v1.5, base64) with the server's public key.
 * jsencrypt (~20 KB gzip) is imported on demand, so only pages that submit a password pay for it;
 * the key is the one sealed calls use too, fetched once per page load (http/client.ts loadRsaPublicKey).
 */
import type { EncryptedPassword } from '../../domain/account/contract';
import { forgetRsaPublicKey, loadRsaPublicKey } from '../shared/http/client';
import { showToast } from '../shared/toast';

export const ENCRYPT_FAILED_TEXT = '密码加密失败，请刷新页面后重试';

export async function encryptPassword(plain: string): Promise<EncryptedPassword> {
  const [{ JSEncrypt }, key] = await Promise.all([import('jsencrypt'), loadRsaPublicKey()]);
  const rsa = new JSEncrypt();
  rsa.setPublicKey(key);
  const encrypted = rsa.encrypt(plain);
  if (!encrypted) {
    // A malformed key or a password too long for the key: nothing the user can fix by retyping.
    showToast(ENCRYPT_FAILED_TEXT, 'error');
    throw new Error(ENCRYPT_FAILED_TEXT);
  }
  return encrypted;
}

/** Tests (and a key rotation) start over with a fresh key. */
export function forgetPublicKey(): void {
  forgetRsaPublicKey();
}
