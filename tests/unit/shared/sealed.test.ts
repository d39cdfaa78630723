/**
 * The sealed exchange of 'rsa' calls end to end: the browser's half (services/http/sealed.ts with
 * jsencrypt) against the server's (node-forge decryption, domain sealAnswer), and the format rules.
 */
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  base64ToBytes,
  bytesToBase64,
  newSealKey,
  openAnswer,
  parseSealedRequestText,
  SEALED_KEY_BYTES,
  sealAnswer,
  SealedAnswerError,
  sealedRequestText,
} from '../../../src/domain/shared/sealed';
import { sealRequest } from '../../../src/services/shared/http/sealed';
import { rsaDecrypt } from '../../../server/shared/rsa';

const CONTEXT = '/sys/front/api/material/getFileDownloadUrl';

describe('sealed format', () => {
  it('round-trips base64 and refuses what is not canonical', () => {
    const bytes = Uint8Array.from([0, 1, 254, 255, 128]);
    expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes);
    for (const bad of ['abc', 'ab$=', '====', 'YQ==YQ==']) expect(base64ToBytes(bad), bad).toBeNull();
  });

  it('writes and parses the request text, refusing wrong keys and junk', () => {
    const key = newSealKey();
    expect(key).toHaveLength(SEALED_KEY_BYTES);
    const text = sealedRequestText({ resourceId: 12 }, key)!;
    expect(parseSealedRequestText(text)).toEqual({ body: { resourceId: 12 }, key });
    expect(parseSealedRequestText(JSON.stringify({ body: {}, key: bytesToBase64(new Uint8Array(16)) }))).toBeNull();
    for (const junk of ['', 'null', '[]', '{"body":{}}', '{"key":5}', 'not json']) expect(parseSealedRequestText(junk), junk).toBeNull();
    // One RSA-2048 block holds 245 bytes: a body that would not fit is refused before encrypting.
    expect(sealedRequestText({ text: '资'.repeat(60) }, key)).toBeNull();
  });

  it('opens an answer with the right key and context only, and never a tampered one', async () => {
    const key = newSealKey();
    const answer = await sealAnswer(key, { url: '/x', n: 1 }, CONTEXT);
    expect(await openAnswer(key, answer, CONTEXT)).toEqual({ url: '/x', n: 1 });
    await expect(openAnswer(newSealKey(), answer, CONTEXT)).rejects.toBeInstanceOf(SealedAnswerError);
    await expect(openAnswer(key, answer, '/another/call')).rejects.toBeInstanceOf(SealedAnswerError);
    const flipped = base64ToBytes(answer.sealed)!;
    flipped[0]! ^= 1;
    await expect(openAnswer(key, { ...answer, sealed: bytesToBase64(flipped) }, CONTEXT)).rejects.toBeInstanceOf(SealedAnswerError);
    await expect(openAnswer(key, { iv: 'AAAA', sealed: answer.sealed }, CONTEXT)).rejects.toBeInstanceOf(SealedAnswerError);
    await expect(openAnswer(key, null, CONTEXT)).rejects.toBeInstanceOf(SealedAnswerError);
    // A fresh IV each time: the same answer never looks the same twice.
    expect((await sealAnswer(key, 1, CONTEXT)).sealed).not.toBe((await sealAnswer(key, 1, CONTEXT)).sealed);
  });
});

describe('the browser half against the server half', () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });

  it('seals with jsencrypt what the server decrypts, and opens what the server seals', async () => {
    const exchange = sealRequest({ resourceId: 42 }, publicKey, CONTEXT)!;
    expect(Object.keys(exchange.body)).toEqual(['sealed']);
    const opened = parseSealedRequestText(rsaDecrypt(privateKey, exchange.body.sealed)!)!;
    expect(opened.body).toEqual({ resourceId: 42 });
    const answer = await sealAnswer(opened.key, { url: '/static/downloads/42?sig=x' }, CONTEXT);
    expect(await exchange.open(answer)).toEqual({ url: '/static/downloads/42?sig=x' });
    // Each call draws its own key: another exchange cannot open this answer.
    await expect(sealRequest({ resourceId: 42 }, publicKey, CONTEXT)!.open(answer)).rejects.toBeInstanceOf(SealedAnswerError);
  });

  it('refuses to seal a body too large for one block', () => {
    expect(sealRequest({ text: 'x'.repeat(300) }, publicKey, CONTEXT)).toBeNull();
  });
});
