/**
 * The outside world the server talks to (SMS gateway, WeChat, file storage, wallets, the clock), chosen from
 * the config once at start-up. Tests replace any of them through buildApp's `services` option.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { type Clock, ShiftableClock } from '../shared/clock';
import type { PayChannel, PaymentProvider } from './payment/provider';
import { AlipayProvider } from './payment/alipay';
import { SandboxPaymentProvider } from './payment/sandbox';
import { WechatPayProvider } from './payment/wechatPay';
import { AliyunSmsProvider } from './sms/aliyun';
import { OutboxSmsProvider } from './sms/outbox';
import type { SmsProvider } from './sms/provider';
import { LocalDiskStorage } from './storage/localDisk';
import { S3Storage } from './storage/s3';
import type { Storage } from './storage/storage';
import { OpenPlatformWechatProvider } from './wechat/openPlatform';
import type { WechatProvider } from './wechat/provider';
import { SandboxWechatProvider } from './wechat/sandbox';

/** The configured pay channels; a channel missing here is not offered and its notices are refused. */
export type PaymentProviders = Partial<Record<PayChannel, PaymentProvider>>;

export interface Services {
  sms: SmsProvider;
  wechat: WechatProvider;
  storage: Storage;
  payments: PaymentProviders;
  /** What commerce reads as "now"; tests and the developer endpoint shift it (server/shared/clock.ts). */
  clock: Clock;
}

/** One entry per channel, each on its own switch in config.payment. */
function createPaymentProviders(config: ServerConfig, db: Db, clock: Clock): PaymentProviders {
  const providers: PaymentProviders = {};
  if (config.payment.sandbox) providers.SANDBOX = new SandboxPaymentProvider(db, clock);
  if (config.payment.wechatPay) providers.WECHAT = new WechatPayProvider(config.payment.wechatPay);
  if (config.payment.alipay) providers.ALIPAY = new AlipayProvider(config.payment.alipay);
  return providers;
}

/** STORAGE=s3: the bucket every machine shares; else this machine's UPLOAD_DIR and MEDIA_DIR. main.ts and scripts/course-media.ts use it before any app exists. */
export function createStorage(config: Pick<ServerConfig, 'storage' | 'uploadDir' | 'mediaDir'>): Storage {
  const { storage } = config;
  return storage.kind === 's3' ? new S3Storage(storage) : new LocalDiskStorage({ uploadDir: config.uploadDir, mediaDir: config.mediaDir });
}

export function createServices(config: ServerConfig, db: Db, log?: FastifyBaseLogger, overrides: Partial<Services> = {}): Services {
  const sms =
    overrides.sms ??
    (config.sms.provider === 'aliyun'
      ? new AliyunSmsProvider({
          accessKeyId: config.sms.accessKeyId,
          accessKeySecret: config.sms.accessKeySecret,
          signName: config.sms.signName,
          templateCode: config.sms.templateCode,
        })
      : new OutboxSmsProvider(db, log));
  const wechat =
    overrides.wechat ??
    (config.wechat ? new OpenPlatformWechatProvider({ appId: config.wechat.appId, appSecret: config.wechat.appSecret }) : new SandboxWechatProvider(db));
  const storage = overrides.storage ?? createStorage(config);
  const clock = overrides.clock ?? new ShiftableClock();
  const payments = overrides.payments ?? createPaymentProviders(config, db, clock);
  return { sms, wechat, storage, payments, clock };
}
