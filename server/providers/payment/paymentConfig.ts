/**
 * The settings of the real payment vendors, read from the environment. Each vendor is all or
 * nothing: no variable set means the channel is not configured (undefined); some but not all set
 * is refused, as is a key that does not load, so a broken set-up stops the server at start-up
 * instead of failing the first student who pays. Error messages name variables, never their values.
 *
 * WeChat Pay (API v3, Native):
 * - WECHATPAY_MCH_ID: the merchant id (商户号).
 * - WECHATPAY_APP_ID: the app id bound to the merchant (a 公众号 or open-platform appid).
 * - WECHATPAY_MCH_SERIAL_NO: serial number of the merchant API certificate.
 * - WECHATPAY_PRIVATE_KEY (PEM text; a literal \n may stand for a line break) or
 *   WECHATPAY_PRIVATE_KEY_FILE (a path): the merchant API private key (apiclient_key.pem).
 * - WECHATPAY_APIV3_KEY: the 32-character APIv3 key that decrypts notices.
 * - WECHATPAY_PLATFORM_KEY or WECHATPAY_PLATFORM_KEY_FILE: the WeChat Pay public key
 *   (pub_key.pem) or a platform certificate, which verify WeChat's answers and notices.
 * - WECHATPAY_PLATFORM_SERIAL: the public key id (PUB_KEY_ID_…); optional for a certificate, whose
 *   own serial is used.
 * - WECHATPAY_API_ORIGIN (optional, default https://api.mch.weixin.qq.com).
 *
 * Alipay (当面付 precreate):
 * - ALIPAY_APP_ID: the application id.
 * - ALIPAY_PRIVATE_KEY or ALIPAY_PRIVATE_KEY_FILE: the app private key (PEM or the key tool's bare base64).
 * - ALIPAY_PUBLIC_KEY or ALIPAY_PUBLIC_KEY_FILE: the Alipay public key (支付宝公钥, PEM or bare base64).
 * - ALIPAY_GATEWAY (optional, default https://openapi.alipay.com/gateway.do; the sandbox is
 *   https://openapi-sandbox.dl.alipaydev.com/gateway.do).
 */
import { readFileSync } from 'node:fs';
import { ConfigError } from '../../configError';
import { ALIPAY_GATEWAY, type AlipaySettings } from './alipay';
import { KeyFormatError, loadPrivateKey, loadPublicKey } from './keys';
import { WECHATPAY_API_ORIGIN, type WechatPaySettings } from './wechatPay';

export interface WechatPayConfig extends WechatPaySettings {
  apiOrigin: string;
}

export interface AlipayConfig extends AlipaySettings {
  gateway: string;
}

type Env = NodeJS.ProcessEnv;

/** The value of NAME, or the content of the file named by NAME_FILE; '' when neither is set. */
function valueOrFile(env: Env, name: string): string {
  const value = env[name];
  if (value) return value;
  const file = env[`${name}_FILE`];
  if (!file) return '';
  try {
    return readFileSync(file, 'utf8');
  } catch {
    throw new ConfigError(`${name}_FILE 无法读取 (cannot read the file ${name}_FILE names)`);
  }
}

function requireAll(prefix: string, values: Record<string, string>): void {
  const missing = Object.entries(values)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length) throw new ConfigError(`${prefix} 配置不完整 (set all or none); missing ${missing.join(', ')}`);
}

function keyOrConfigError<T>(load: () => T): T {
  try {
    return load();
  } catch (err) {
    if (err instanceof KeyFormatError) throw new ConfigError(`${err.message} (密钥无法读取)`);
    throw err;
  }
}

function parseOrigin(name: string, raw: string | undefined, fallback: string): string {
  if (!raw) return fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} 无效 (invalid ${name}): not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ConfigError(`${name} 无效 (invalid ${name}): use an https URL`);
  return raw.replace(/\/+$/, '');
}

const WECHATPAY_NAMES = [
  'WECHATPAY_MCH_ID',
  'WECHATPAY_APP_ID',
  'WECHATPAY_MCH_SERIAL_NO',
  'WECHATPAY_PRIVATE_KEY',
  'WECHATPAY_PRIVATE_KEY_FILE',
  'WECHATPAY_APIV3_KEY',
  'WECHATPAY_PLATFORM_KEY',
  'WECHATPAY_PLATFORM_KEY_FILE',
  'WECHATPAY_PLATFORM_SERIAL',
] as const;

export function parseWechatPayConfig(env: Env): WechatPayConfig | undefined {
  if (!WECHATPAY_NAMES.some((name) => env[name])) return undefined;
  const values = {
    WECHATPAY_MCH_ID: env.WECHATPAY_MCH_ID ?? '',
    WECHATPAY_APP_ID: env.WECHATPAY_APP_ID ?? '',
    WECHATPAY_MCH_SERIAL_NO: env.WECHATPAY_MCH_SERIAL_NO ?? '',
    WECHATPAY_PRIVATE_KEY: valueOrFile(env, 'WECHATPAY_PRIVATE_KEY'),
    WECHATPAY_APIV3_KEY: env.WECHATPAY_APIV3_KEY ?? '',
    WECHATPAY_PLATFORM_KEY: valueOrFile(env, 'WECHATPAY_PLATFORM_KEY'),
  };
  requireAll('WECHATPAY_*', values);
  const apiV3Key = Buffer.from(values.WECHATPAY_APIV3_KEY, 'utf8');
  if (apiV3Key.length !== 32) throw new ConfigError('WECHATPAY_APIV3_KEY 须为32位 (must be 32 characters)');
  const merchantPrivateKey = keyOrConfigError(() => loadPrivateKey(values.WECHATPAY_PRIVATE_KEY, 'WECHATPAY_PRIVATE_KEY'));
  const platformKey = keyOrConfigError(() => loadPublicKey(values.WECHATPAY_PLATFORM_KEY, 'WECHATPAY_PLATFORM_KEY'));
  const serial = env.WECHATPAY_PLATFORM_SERIAL || platformKey.certificateSerial;
  if (!serial) throw new ConfigError('WECHATPAY_PLATFORM_SERIAL 缺失 (a public key needs its id, PUB_KEY_ID_…)');
  return {
    mchId: values.WECHATPAY_MCH_ID,
    appId: values.WECHATPAY_APP_ID,
    merchantSerialNo: values.WECHATPAY_MCH_SERIAL_NO,
    merchantPrivateKey,
    apiV3Key,
    platform: { serial, publicKey: platformKey.key },
    apiOrigin: parseOrigin('WECHATPAY_API_ORIGIN', env.WECHATPAY_API_ORIGIN, WECHATPAY_API_ORIGIN),
  };
}

const ALIPAY_NAMES = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PRIVATE_KEY_FILE', 'ALIPAY_PUBLIC_KEY', 'ALIPAY_PUBLIC_KEY_FILE'] as const;

export function parseAlipayConfig(env: Env): AlipayConfig | undefined {
  if (!ALIPAY_NAMES.some((name) => env[name])) return undefined;
  const values = {
    ALIPAY_APP_ID: env.ALIPAY_APP_ID ?? '',
    ALIPAY_PRIVATE_KEY: valueOrFile(env, 'ALIPAY_PRIVATE_KEY'),
    ALIPAY_PUBLIC_KEY: valueOrFile(env, 'ALIPAY_PUBLIC_KEY'),
  };
  requireAll('ALIPAY_*', values);
  return {
    appId: values.ALIPAY_APP_ID,
    appPrivateKey: keyOrConfigError(() => loadPrivateKey(values.ALIPAY_PRIVATE_KEY, 'ALIPAY_PRIVATE_KEY')),
    alipayPublicKey: keyOrConfigError(() => loadPublicKey(values.ALIPAY_PUBLIC_KEY, 'ALIPAY_PUBLIC_KEY')).key,
    gateway: parseOrigin('ALIPAY_GATEWAY', env.ALIPAY_GATEWAY, ALIPAY_GATEWAY),
  };
}
