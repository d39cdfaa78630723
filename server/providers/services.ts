/**
 * The outside world the accounts code talks to (SMS gateway, WeChat, file storage), chosen from
 * the config once at start-up. Tests replace any of them through buildApp's `services` option.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { AliyunSmsProvider } from './sms/aliyun';
import { OutboxSmsProvider } from './sms/outbox';
import type { SmsProvider } from './sms/provider';
import { LocalDiskStorage, type Storage } from './storage/storage';
import { OpenPlatformWechatProvider } from './wechat/openPlatform';
import type { WechatProvider } from './wechat/provider';
import { SandboxWechatProvider } from './wechat/sandbox';

export interface Services {
  sms: SmsProvider;
  wechat: WechatProvider;
  storage: Storage;
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
  const storage = overrides.storage ?? new LocalDiskStorage(config.uploadDir);
  return { sms, wechat, storage };
}
