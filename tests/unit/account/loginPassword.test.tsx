/**
 * Password login: the password travels RSA-encrypted (PKCS#1 v1.5, base64) with the key of
 * rsaPublicKey, which is fetched once per page load; the server's refusals are toasted.
 */
import { generateKeyPairSync } from 'node:crypto';
import { screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import forge from 'node-forge';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PasswordLoginRequest } from '../../../src/domain/account/contract';
import { ACCOUNT_TEXTS, lockedText } from '../../../src/domain/account/texts';
import { API_CALLS, EXTRA_CALLS } from '../../../src/domain/calls';
import { encryptPassword, forgetPublicKey } from '../../../src/services/account/passwordCrypto';
import { dismissAllToasts } from '../../../src/services/shared/toast';
import { click, jsonBody, landingHandlers, loginResult, MOBILE, renderApp, typeInto } from '../../support/loginKit';
import { answer, fail, ok } from '../../support/msw';

vi.setConfig({ testTimeout: 20_000 });

// A throwaway key pair: what the server keeps private and what rsaPublicKey hands out.
const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 1024,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
});
/** The server's side: Node 20 refuses PKCS#1 v1.5 private decryption, node-forge does it (as the server does). */
function serverDecrypt(base64: string): string {
  return forge.pki.privateKeyFromPem(privateKey).decrypt(forge.util.decode64(base64), 'RSAES-PKCS1-V1_5');
}

const logins: PasswordLoginRequest[] = [];
let keyRequests = 0;
const server = setupServer(
  ...landingHandlers,
  answer(EXTRA_CALLS.rsaPublicKey, () => {
    keyRequests += 1;
    return ok({ publicKey });
  }),
  answer(API_CALLS.loginByPwd, async ({ request }) => {
    logins.push(await jsonBody<PasswordLoginRequest>(request));
    return ok(loginResult());
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  logins.length = 0;
  keyRequests = 0;
  forgetPublicKey();
});
afterEach(() => {
  server.resetHandlers();
  dismissAllToasts();
});
afterAll(() => server.close());

async function openPasswordTab(path = '/uc/login') {
  const app = renderApp(path);
  await click(await screen.findByTestId('tab-password'));
  return app;
}

async function fillAndSubmit(password: string) {
  await typeInto('mobile-input', MOBILE);
  await typeInto('password-input', password);
  await click(screen.getByTestId('agreement'));
  await click(screen.getByTestId('login-submit'));
}

describe('password encryption', () => {
  it('is base64 PKCS#1 v1.5 that the server decrypts; the key is fetched once per page load', async () => {
    const first = await encryptPassword('abc123!');
    const second = await encryptPassword('abc123!');
    expect(first).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(forge.util.decode64(first)).toHaveLength(128);
    // Random padding: the same password never looks the same twice.
    expect(first).not.toBe(second);
    expect(serverDecrypt(first)).toBe('abc123!');
    expect(serverDecrypt(second)).toBe('abc123!');
    expect(keyRequests).toBe(1);
  });

  it('a failed key fetch is retried on the next attempt', async () => {
    server.use(answer(EXTRA_CALLS.rsaPublicKey, () => fail('密钥不可用'), { once: true }));
    await expect(encryptPassword('x1y2z3')).rejects.toThrow('密钥不可用');
    expect(serverDecrypt(await encryptPassword('x1y2z3'))).toBe('x1y2z3');
  });
});

describe('password login', () => {
  it('sends the mobile and the encrypted password (spaces stripped) and logs in', async () => {
    const { current, session } = await openPasswordTab('/uc/login?redirect=%2Fuc%2Fmy-order');
    await typeInto('password-input', ' abc 123! ');
    expect((screen.getByTestId('password-input') as HTMLInputElement).value).toBe('abc123!');
    await fillAndSubmit(' abc 123! ');
    await waitFor(() => expect(current()).toBe('/uc/my-order'));
    expect(logins).toHaveLength(1);
    expect(logins[0]!.mobile).toBe(MOBILE);
    expect(logins[0]!.pwd).not.toContain('abc123');
    expect(serverDecrypt(logins[0]!.pwd)).toBe('abc123!');
    expect(session.getSnapshot().matches('loggedIn')).toBe(true);
  });

  it('keeps at most 18 characters and says 密码不能为空 when empty', async () => {
    await openPasswordTab();
    await typeInto('password-input', 'a'.repeat(25));
    expect((screen.getByTestId('password-input') as HTMLInputElement).value).toHaveLength(18);
    await typeInto('password-input', '   ');
    await click(screen.getByTestId('login-submit'));
    expect(screen.getByText('密码不能为空')).toBeTruthy();
    expect(screen.getByText('手机号码不能为空')).toBeTruthy();
    expect(keyRequests).toBe(0);
  });

  it.each([
    ['a wrong password', ACCOUNT_TEXTS.wrongPassword],
    ['a locked account', lockedText(12)],
  ])('%s: the server text is toasted and the form stays usable', async (_, text) => {
    server.use(answer(API_CALLS.loginByPwd, () => fail(text)));
    const { current } = await openPasswordTab();
    await fillAndSubmit('abc123!');
    const toast = await screen.findByText(text);
    expect(toast.getAttribute('data-intent')).toBe('error');
    await waitFor(() => expect((screen.getByTestId('login-submit') as HTMLButtonElement).disabled).toBe(false));
    expect(current()).toBe('/uc/login');
  });
});
