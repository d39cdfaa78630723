/**
 * The payment adapters' cryptography against the vectors the vendors publish in their own SDK test
 * suites (tests/server/fixtures/payment): if these pass, our SHA256withRSA, WeChat's notice
 * signature and AEAD_AES_256_GCM, and Alipay's RSA2 sign strings agree byte for byte with the
 * vendors' code. Plus the amount, time and key-format helpers and the settings parsers.
 */
import { createPublicKey, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../server/config';
import { AlipayProvider } from '../../server/providers/payment/alipay';
import { rawJsonMember, signContent, signRequest, verifyNoticeSignature, verifyResponseSignature } from '../../server/providers/payment/alipaySignature';
import {
  alipayDateTime,
  cutUtf8,
  fenToYuan,
  loadPrivateKey,
  loadPublicKey,
  parseAlipayDateTime,
  rfc3339China,
  signSha256Rsa,
  verifySha256Rsa,
  yuanToFen,
} from '../../server/providers/payment/keys';
import { parseAlipayConfig, parseWechatPayConfig } from '../../server/providers/payment/paymentConfig';
import { PaymentSignatureError } from '../../server/providers/payment/provider';
import { WechatPayProvider } from '../../server/providers/payment/wechatPay';
import { decryptResource, requestMessage, ResourceDecryptError, wechatSignatureProblem } from '../../server/providers/payment/wechatPaySignature';
import {
  ALIPAY_NOTICE,
  ALIPAY_SIGNED_ANSWER,
  fixture,
  WECHAT_GO_NOTICE,
  WECHAT_GO_SIGNER,
  WECHAT_JAVA_AEAD,
  WECHAT_JAVA_ENCRYPTED_CERTIFICATE,
} from './fixtures/payment/vectors';

describe('WeChat Pay: published vectors', () => {
  it('signs "source" with the Go SDK test key exactly as the SDK does, and verifies it with the public half', () => {
    const privateKey = loadPrivateKey(WECHAT_GO_SIGNER.privateKeyBase64, 'test key');
    expect(signSha256Rsa(WECHAT_GO_SIGNER.message, privateKey)).toBe(WECHAT_GO_SIGNER.signature);
    const { key } = loadPublicKey(WECHAT_GO_SIGNER.publicKeyPem, 'test key');
    expect(verifySha256Rsa(WECHAT_GO_SIGNER.message, WECHAT_GO_SIGNER.signature, key)).toBe(true);
    expect(verifySha256Rsa('wrong source', WECHAT_GO_SIGNER.signature, key)).toBe(false);
    expect(verifySha256Rsa(WECHAT_GO_SIGNER.message, '', key)).toBe(false);
  });

  it('builds the message to sign as the Go SDK credential test shows it', () => {
    expect(requestMessage('GET', '/v3/certificates', 1624523846, 'A1B2C3D4E5F6G7', '')).toBe('GET\n/v3/certificates\n1624523846\nA1B2C3D4E5F6G7\n\n');
    expect(requestMessage('POST', '/v3/certificates', 1624523846, 'A1B2C3D4E5F6G7', 'Hello World!\n')).toBe(
      'POST\n/v3/certificates\n1624523846\nA1B2C3D4E5F6G7\nHello World!\n\n',
    );
  });

  const goPlatform = () => {
    const loaded = loadPublicKey(WECHAT_GO_NOTICE.certificatePem, 'platform certificate');
    return { serial: loaded.certificateSerial!, publicKey: loaded.key };
  };

  it('verifies the Go SDK notice: signature, certificate serial and the 5-minute window', () => {
    const platform = goPlatform();
    expect(platform.serial).toBe('D7CE59D1F522D701');
    const { headers, body, nowSeconds } = WECHAT_GO_NOTICE;
    expect(wechatSignatureProblem(headers, body, platform, nowSeconds)).toBeNull();
    expect(wechatSignatureProblem(headers, body, platform, nowSeconds + 299)).toBeNull();
    expect(wechatSignatureProblem(headers, body, platform, nowSeconds + 300)).toMatch(/5-minute/);
    expect(wechatSignatureProblem(headers, body, platform, nowSeconds - 300)).toMatch(/5-minute/);
    expect(wechatSignatureProblem(headers, body.replace('签约成功', '签约失败'), platform, nowSeconds)).toMatch(/does not verify/);
    expect(wechatSignatureProblem({ ...headers, 'Wechatpay-Serial': '0123456789ABCDEF' }, body, platform, nowSeconds)).toMatch(/not the configured/);
    expect(wechatSignatureProblem({ ...headers, 'Wechatpay-Nonce': undefined }, body, platform, nowSeconds)).toMatch(/missing/);
  });

  it('takes the Go SDK notice as genuine but not a payment (a PAYSCORE event), and refuses it altered', async () => {
    const provider = new WechatPayProvider({
      mchId: '1234567890',
      appId: 'wx0000000000000000',
      merchantSerialNo: 'F5765756002FDD77',
      merchantPrivateKey: loadPrivateKey(WECHAT_GO_SIGNER.privateKeyBase64, 'k'),
      apiV3Key: Buffer.from(WECHAT_JAVA_AEAD.apiV3Key),
      platform: goPlatform(),
      now: () => new Date(WECHAT_GO_NOTICE.nowSeconds * 1000),
    });
    await expect(provider.parseNotice({ headers: WECHAT_GO_NOTICE.headers, rawBody: WECHAT_GO_NOTICE.body })).resolves.toBeNull();
    const altered = WECHAT_GO_NOTICE.body.replace('PAYSCORE.USER_OPEN_SERVICE', 'TRANSACTION.SUCCESS');
    await expect(provider.parseNotice({ headers: WECHAT_GO_NOTICE.headers, rawBody: altered })).rejects.toThrow(PaymentSignatureError);
  });

  it('decrypts the Java SDK AEAD_AES_256_GCM vectors and refuses any altered part', () => {
    const key = Buffer.from(WECHAT_JAVA_AEAD.apiV3Key);
    const resource = {
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: WECHAT_JAVA_AEAD.ciphertext,
      associated_data: WECHAT_JAVA_AEAD.associatedData,
      nonce: WECHAT_JAVA_AEAD.nonce,
    };
    expect(decryptResource(key, resource)).toBe(WECHAT_JAVA_AEAD.plaintext);
    expect(() => decryptResource(key, { ...resource, associated_data: 'bad-associatedData' })).toThrow(ResourceDecryptError);
    expect(() => decryptResource(key, { ...resource, nonce: 'bad-4a9R25RW' })).toThrow(ResourceDecryptError);
    expect(() => decryptResource(key, { ...resource, ciphertext: Buffer.alloc(128).toString('base64') })).toThrow(ResourceDecryptError);
    expect(() => decryptResource(Buffer.from('a7cde1ZJB1kG2e7VfTs3jQzaWizur8Gc'), resource)).toThrow(ResourceDecryptError);
    expect(() => decryptResource(Buffer.from('testMchAPIv3Key0'), resource)).toThrow(/32 bytes/);
    expect(() => decryptResource(key, { ...resource, algorithm: 'AEAD_SM4_GCM' })).toThrow(/AEAD_AES_256_GCM/);

    const certificate = decryptResource(key, {
      algorithm: 'AEAD_AES_256_GCM',
      ...WECHAT_JAVA_ENCRYPTED_CERTIFICATE,
      associated_data: WECHAT_JAVA_ENCRYPTED_CERTIFICATE.associatedData,
    });
    expect(new X509Certificate(certificate).serialNumber.toUpperCase()).toBe(WECHAT_JAVA_ENCRYPTED_CERTIFICATE.serial);
  });

  it('loads the Java SDK platform certificate and public key as the same key, with the certificate serial', () => {
    const fromCertificate = loadPublicKey(fixture('wechat_pay_certificate.pem'), 'cert');
    const fromPublicKey = loadPublicKey(fixture('wechat_pay_public_key.pem'), 'key');
    expect(fromCertificate.certificateSerial).toBe('440024045C4A427599D09BB4E3DE0279F2E813FD');
    expect(fromPublicKey.certificateSerial).toBeUndefined();
    expect(fromCertificate.key.equals(fromPublicKey.key)).toBe(true);
  });
});

describe('Alipay: published vectors', () => {
  const noticeKey = () => loadPublicKey(ALIPAY_NOTICE.alipayPublicKeyBase64, 'Alipay public key').key;

  it('verifies the SDK trade notice over the sorted fields without sign and sign_type', () => {
    expect(verifyNoticeSignature(ALIPAY_NOTICE.fields, noticeKey())).toBe(true);
    expect(verifyNoticeSignature({ ...ALIPAY_NOTICE.fields, total_amount: '100.10' }, noticeKey())).toBe(false);
    expect(verifyNoticeSignature({ ...ALIPAY_NOTICE.fields, sign: '' }, noticeKey())).toBe(false);
  });

  it('turns the SDK notice, posted as a form, into the paid trade, and refuses it for another app or altered', async () => {
    const rawBody = new URLSearchParams(ALIPAY_NOTICE.fields).toString();
    const settings = { appPrivateKey: loadPrivateKey(fixture('alipay_app_private_key_pkcs1.pem'), 'k'), alipayPublicKey: noticeKey() };
    const ours = new AlipayProvider({ ...settings, appId: ALIPAY_NOTICE.appId });
    await expect(ours.parseNotice({ headers: {}, rawBody })).resolves.toEqual({
      outTradeNo: '20190815155618536-564-57',
      transactionId: '2019081522001468450512505578',
      amountCents: 10,
      paidAt: new Date('2019-08-15T15:56:24+08:00'),
    });
    await expect(new AlipayProvider({ ...settings, appId: '2021000000000000' }).parseNotice({ headers: {}, rawBody })).rejects.toThrow(/app_id/);
    const cheaper = new URLSearchParams({ ...ALIPAY_NOTICE.fields, total_amount: '0.01' }).toString();
    await expect(ours.parseNotice({ headers: {}, rawBody: cheaper })).rejects.toThrow(PaymentSignatureError);
    await expect(ours.parseNotice({ headers: {}, rawBody: `${rawBody}&total_amount=999.00` })).rejects.toThrow(/repeated/);
    await expect(ours.parseNotice({ headers: {}, rawBody: 'not a notice' })).rejects.toThrow(PaymentSignatureError);
  });

  it('verifies the SDK signed answer over the raw response member', () => {
    const key = loadPublicKey(fixture('alipay_public_key.pem'), 'k').key;
    const { text, responseKey, signedPart } = ALIPAY_SIGNED_ANSWER;
    expect(rawJsonMember(text, responseKey)).toBe(signedPart);
    const sign = JSON.parse(text).sign as string;
    expect(verifyResponseSignature(text, responseKey, sign, key)).toBe(true);
    expect(verifyResponseSignature(text.replace('10000', '10001'), responseKey, sign, key)).toBe(false);
    expect(verifyResponseSignature(text, 'alipay_trade_query_response', sign, key)).toBe(false);
  });

  it('finds a response member however the answer is spaced, with "sign" or braces inside strings', () => {
    const inner = '{"code":"10000","sign":"xxx","msg":"a } \\" ]","n":[1,{"b":2}]}';
    expect(rawJsonMember(`{"x_response"\n :\n ${inner},\n\n "sign"  :  "abc"}`, 'x_response')).toBe(inner);
    expect(rawJsonMember(`{"sign":"abc","x_response":${inner}}`, 'x_response')).toBe(inner);
    expect(rawJsonMember(`{"other":{"x_response":{"code":"1"}}}`, 'x_response')).toBeNull();
  });

  it('builds the sign string by the documented rule (sorted, raw values, empty ones left out) and signs with the SDK test key (PKCS#1 PEM and bare PKCS#8)', () => {
    const params = {
      app_id: '2014072300007148',
      method: 'alipay.mobile.public.menu.add',
      charset: 'GBK',
      sign_type: 'RSA2',
      timestamp: '2014-07-24 03:07:50',
      biz_content: '{"button":[{"actionParam":"ZFB_HFCZ","actionType":"out","name":"话费充值"}]}',
      version: '1.0',
      notify_url: '',
    };
    expect(signContent(params, ['sign'])).toBe(
      'app_id=2014072300007148&biz_content={"button":[{"actionParam":"ZFB_HFCZ","actionType":"out","name":"话费充值"}]}&charset=GBK&method=alipay.mobile.public.menu.add&sign_type=RSA2&timestamp=2014-07-24 03:07:50&version=1.0',
    );
    const pkcs1 = loadPrivateKey(fixture('alipay_app_private_key_pkcs1.pem'), 'k');
    const bare = pkcs1.export({ type: 'pkcs8', format: 'der' }).toString('base64');
    const publicKey = loadPublicKey(fixture('alipay_app_public_key.pem'), 'k').key;
    const signature = signRequest(params, pkcs1);
    expect(signRequest(params, loadPrivateKey(bare, 'k'))).toBe(signature);
    expect(verifySha256Rsa(signContent(params, ['sign']), signature, publicKey)).toBe(true);
  });
});

describe('money, time and key helpers', () => {
  it('converts fen and yuan without floating point', () => {
    expect(fenToYuan(8888)).toBe('88.88');
    expect(fenToYuan(10)).toBe('0.10');
    expect(fenToYuan(100_000_000_00)).toBe('100000000.00');
    expect(() => fenToYuan(1.5)).toThrow(RangeError);
    expect(yuanToFen('0.10')).toBe(10);
    expect(yuanToFen('0.1')).toBe(10);
    expect(yuanToFen('88')).toBe(8800);
    expect(yuanToFen('19.99')).toBe(1999);
    for (const bad of ['', '-1.00', '1.001', '1e3', ' 1.00', '0x10', undefined]) expect(yuanToFen(bad)).toBeNull();
  });

  it('writes and reads Beijing time', () => {
    const instant = new Date('2024-12-31T16:30:05.789Z');
    expect(rfc3339China(instant)).toBe('2025-01-01T00:30:05+08:00');
    expect(alipayDateTime(instant)).toBe('2025-01-01 00:30:05');
    expect(parseAlipayDateTime('2025-01-01 00:30:05')).toEqual(new Date('2024-12-31T16:30:05Z'));
    expect(parseAlipayDateTime('2025-13-01 00:30:05')).toBeNull();
    expect(parseAlipayDateTime('yesterday')).toBeNull();
  });

  it('cuts a subject to whole UTF-8 characters', () => {
    expect(cutUtf8('数学'.repeat(100), 127)).toBe('数学'.repeat(21)); // 42 characters of 3 bytes: 126 bytes
    expect(Buffer.byteLength(cutUtf8('a数学'.repeat(60), 127))).toBeLessThanOrEqual(127);
    expect(cutUtf8('short', 127)).toBe('short');
  });

  it('reads escaped PEM text from an environment variable and refuses junk without echoing it', () => {
    const pem = fixture('merchant_private_key.pem').trim().replace(/\n/g, '\\n');
    expect(loadPrivateKey(pem, 'KEY').asymmetricKeyType).toBe('rsa');
    expect(() => loadPrivateKey('s3cret-not-a-key', 'KEY')).toThrow(/^KEY: not an RSA private key/);
    try {
      loadPublicKey('s3cret-not-a-key', 'KEY');
    } catch (err) {
      expect((err as Error).message).not.toContain('s3cret');
    }
  });
});

describe('payment settings from the environment', () => {
  const wechatEnv = {
    WECHATPAY_MCH_ID: '1234567891',
    WECHATPAY_APP_ID: 'wxd678efh567hg6787',
    WECHATPAY_MCH_SERIAL_NO: '5F1C72E2A8931B72A2E13AF8DEE92471EB397115',
    WECHATPAY_PRIVATE_KEY: fixture('merchant_private_key.pem'),
    WECHATPAY_APIV3_KEY: WECHAT_JAVA_AEAD.apiV3Key,
    WECHATPAY_PLATFORM_KEY: fixture('wechat_pay_certificate.pem'),
  };

  it('is off when nothing is set and complete when everything is', () => {
    expect(parseWechatPayConfig({})).toBeUndefined();
    expect(parseAlipayConfig({})).toBeUndefined();
    const wechat = parseWechatPayConfig(wechatEnv)!;
    expect(wechat.platform.serial).toBe('440024045C4A427599D09BB4E3DE0279F2E813FD');
    expect(wechat.apiOrigin).toBe('https://api.mch.weixin.qq.com');
    const withPublicKey = parseWechatPayConfig({
      ...wechatEnv,
      WECHATPAY_PLATFORM_KEY: fixture('wechat_pay_public_key.pem'),
      WECHATPAY_PLATFORM_SERIAL: 'PUB_KEY_ID_0114232134912410000000000000',
    })!;
    expect(withPublicKey.platform.serial).toBe('PUB_KEY_ID_0114232134912410000000000000');
    const alipay = parseAlipayConfig({
      ALIPAY_APP_ID: '2021000122671080',
      ALIPAY_PRIVATE_KEY: fixture('alipay_app_private_key_pkcs1.pem'),
      ALIPAY_PUBLIC_KEY: ALIPAY_NOTICE.alipayPublicKeyBase64,
    })!;
    expect(alipay.gateway).toBe('https://openapi.alipay.com/gateway.do');
    expect(
      alipay.alipayPublicKey.equals(createPublicKey({ key: Buffer.from(ALIPAY_NOTICE.alipayPublicKeyBase64, 'base64'), format: 'der', type: 'spki' })),
    ).toBe(true);
  });

  it('refuses half a set-up, a bad key or a short APIv3 key, naming variables and never values', () => {
    expect(() => parseWechatPayConfig({ WECHATPAY_MCH_ID: '1234567891' })).toThrow(ConfigError);
    expect(() => parseWechatPayConfig({ WECHATPAY_MCH_ID: '1234567891' })).toThrow(/WECHATPAY_APP_ID/);
    expect(() => parseWechatPayConfig({ ...wechatEnv, WECHATPAY_APIV3_KEY: 'short-secret' })).toThrow(/32/);
    const badKey = () => parseWechatPayConfig({ ...wechatEnv, WECHATPAY_PRIVATE_KEY: 'topsecretvalue' });
    expect(badKey).toThrow(ConfigError);
    expect(badKey).not.toThrow(/topsecretvalue/);
    expect(() => parseWechatPayConfig({ ...wechatEnv, WECHATPAY_PLATFORM_KEY: fixture('wechat_pay_public_key.pem') })).toThrow(/WECHATPAY_PLATFORM_SERIAL/);
    expect(() => parseWechatPayConfig({ ...wechatEnv, WECHATPAY_PRIVATE_KEY: '', WECHATPAY_PRIVATE_KEY_FILE: '/nonexistent/key.pem' })).toThrow(
      /WECHATPAY_PRIVATE_KEY_FILE/,
    );
    expect(() => parseAlipayConfig({ ALIPAY_APP_ID: '2021000122671080' })).toThrow(/ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY/);
    expect(() =>
      parseAlipayConfig({
        ALIPAY_APP_ID: '1',
        ALIPAY_PRIVATE_KEY: fixture('alipay_app_private_key_pkcs1.pem'),
        ALIPAY_PUBLIC_KEY: ALIPAY_NOTICE.alipayPublicKeyBase64,
        ALIPAY_GATEWAY: 'ftp://x',
      }),
    ).toThrow(/ALIPAY_GATEWAY/);
  });
});
