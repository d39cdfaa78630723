/**
 * Password fields arrive RSA-encrypted (server/shared/rsa.ts); decrypted here, cleaned up as the
 * password inputs are, and checked. The padding oracle RSA leaves is blunted by the per-IP and
 * per-account limits in front of every use.
 */
import { ACCOUNT_TEXTS, MESSAGES } from '../../src/domain/account/texts';
import { normalizePasswordInput, validateNewPassword, validatePassword } from '../../src/domain/account/validation';
import type { Db } from '../db/client';
import { badRequest } from '../shared/envelope';
import { rsaDecrypt } from '../shared/rsa';
import { getSecrets } from '../shared/secrets';

async function decryptField(db: Db, value: string): Promise<string> {
  const { rsaPrivateKeyPem } = await getSecrets(db);
  const plain = rsaDecrypt(rsaPrivateKeyPem, value);
  if (plain === null) throw badRequest(ACCOUNT_TEXTS.passwordUndecryptable);
  // The same clean-up the password inputs do (whitespace dropped, 18 characters kept).
  return normalizePasswordInput(plain);
}

/** A password to check against the stored hash (login, old password): only "not empty" applies. */
export async function decryptPassword(db: Db, value: string): Promise<string> {
  const plain = await decryptField(db, value);
  const error = validatePassword(plain);
  if (error) throw badRequest(error);
  return plain;
}

/** A password to store: the §5 rule, with its message. */
export async function decryptNewPassword(db: Db, value: string): Promise<string> {
  const plain = await decryptField(db, value);
  if (validateNewPassword(plain)) throw badRequest(MESSAGES.newPasswordRule);
  return plain;
}
