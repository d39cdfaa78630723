/** PAYMENT_SANDBOX: the sandbox wallet outside production while no real channel is configured; never in production. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import type { Db } from '../../server/db/client';
import { AlipayProvider } from '../../server/providers/payment/alipay';
import { SandboxPaymentProvider } from '../../server/providers/payment/sandbox';
import { WechatPayProvider } from '../../server/providers/payment/wechatPay';
import { createServices } from '../../server/providers/services';
import { ShiftableClock } from '../../server/shared/clock';
import { ALIPAY_NOTICE, fixture, WECHAT_JAVA_AEAD } from './fixtures/payment/vectors';

const noDb = {} as Db;

describe('the payment configuration', () => {
  it('turns the sandbox on by itself outside production, off in production', () => {
    expect(loadConfig({}).payment).toEqual({ sandbox: true });
    expect(loadConfig({ NODE_ENV: 'test' }).payment).toEqual({ sandbox: true });
    expect(loadConfig({ NODE_ENV: 'production' }).payment).toEqual({ sandbox: false });
    expect(loadConfig({ PAYMENT_SANDBOX: 'off' }).payment).toEqual({ sandbox: false });
    expect(loadConfig({ PAYMENT_SANDBOX: 'ON' }).payment).toEqual({ sandbox: true });
  });

  it('refuses the sandbox in production and unknown values', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_SANDBOX: 'on' })).toThrow(ConfigError);
    expect(() => loadConfig({ PAYMENT_SANDBOX: 'maybe' })).toThrow(/PAYMENT_SANDBOX/);
  });

  it('gives the services one provider per configured channel and a clock', () => {
    const dev = createServices(loadConfig({}), noDb);
    expect(Object.keys(dev.payments)).toEqual(['SANDBOX']);
    expect(dev.payments.SANDBOX).toBeInstanceOf(SandboxPaymentProvider);
    expect(dev.clock).toBeInstanceOf(ShiftableClock);
    expect(createServices(loadConfig({ NODE_ENV: 'production' }), noDb).payments).toEqual({});
  });

  describe('with the real wallets configured', () => {
    const wechatEnv = {
      WECHATPAY_MCH_ID: '1234567891',
      WECHATPAY_APP_ID: 'wxd678efh567hg6787',
      WECHATPAY_MCH_SERIAL_NO: '5F1C72E2A8931B72A2E13AF8DEE92471EB397115',
      WECHATPAY_PRIVATE_KEY: fixture('merchant_private_key.pem'),
      WECHATPAY_APIV3_KEY: WECHAT_JAVA_AEAD.apiV3Key,
      WECHATPAY_PLATFORM_KEY: fixture('wechat_pay_certificate.pem'),
    };
    const alipayEnv = {
      ALIPAY_APP_ID: '2021000122671080',
      ALIPAY_PRIVATE_KEY: fixture('alipay_app_private_key_pkcs1.pem'),
      ALIPAY_PUBLIC_KEY: ALIPAY_NOTICE.alipayPublicKeyBase64,
    };
    const origin = { PUBLIC_ORIGIN: 'https://www.xuetu.example' };

    it('offers WeChat Pay and Alipay through their adapters, and no sandbox beside them', () => {
      const services = createServices(loadConfig({ NODE_ENV: 'production', ...origin, ...wechatEnv, ...alipayEnv }), noDb);
      expect(Object.keys(services.payments).sort()).toEqual(['ALIPAY', 'WECHAT']);
      expect(services.payments.WECHAT).toBeInstanceOf(WechatPayProvider);
      expect(services.payments.ALIPAY).toBeInstanceOf(AlipayProvider);
      expect(Object.keys(createServices(loadConfig({ ...origin, ...alipayEnv }), noDb).payments)).toEqual(['ALIPAY']);
      // Forced on outside production, the sandbox may sit beside a real wallet (a staging site).
      expect(Object.keys(createServices(loadConfig({ ...origin, ...wechatEnv, PAYMENT_SANDBOX: 'on' }), noDb).payments).sort()).toEqual(['SANDBOX', 'WECHAT']);
    });

    it('needs an https PUBLIC_ORIGIN for the wallets to post their notices to', () => {
      expect(() => loadConfig({ ...wechatEnv })).toThrow(/PUBLIC_ORIGIN/);
      expect(() => loadConfig({ ...alipayEnv, PUBLIC_ORIGIN: 'http://www.xuetu.example' })).toThrow(ConfigError);
    });
  });
});
