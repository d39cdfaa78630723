/**
 * Aliyun Dysms SendSms over plain HTTPS with the RPC (V1) signature: sorted parameters, RFC 3986
 * percent-encoding, StringToSign = METHOD&%2F&encode(query), HMAC-SHA1 keyed with
 * `AccessKeySecret&`. No SDK: one GET, and `fetch` is injectable so tests see the exact request.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { SmsRequestType } from '../../../src/domain/account/contract';
import type { SmsProvider } from './provider';
import { SmsSendError } from './provider';

export const ALIYUN_SMS_ENDPOINT = 'https://dysmsapi.aliyuncs.com/';

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  endpoint?: string;
  fetch?: typeof fetch;
  /** For tests: fixed nonce and clock. */
  nonce?: () => string;
  now?: () => Date;
  timeoutMs?: number;
}

/** RFC 3986: only A-Z a-z 0-9 - _ . ~ stay as they are; a space is %20, never '+'. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function canonicalQuery(params: Readonly<Record<string, string>>): string {
  return Object.keys(params)
    .filter((key) => key !== 'Signature')
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(params[key]!)}`)
    .join('&');
}

export function rpcSignature(params: Readonly<Record<string, string>>, accessKeySecret: string, method = 'GET'): string {
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign).digest('base64');
}

/** 2017-07-12T02:42:19Z: ISO 8601 UTC without milliseconds. */
export function aliyunTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

interface SendSmsAnswer {
  Code?: string;
  Message?: string;
  RequestId?: string;
  BizId?: string;
}

export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: AliyunSmsOptions) {
    this.fetchImpl = options.fetch ?? fetch;
  }

  /** The signed GET URL for one message (exported for tests). */
  signedUrl(mobile: string, code: string): string {
    const o = this.options;
    const params: Record<string, string> = {
      AccessKeyId: o.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: mobile,
      RegionId: 'cn-hangzhou',
      SignName: o.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: o.nonce ? o.nonce() : randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: o.templateCode,
      TemplateParam: JSON.stringify({ code }),
      Timestamp: aliyunTimestamp(o.now ? o.now() : new Date()),
      Version: '2017-05-25',
    };
    const signature = rpcSignature(params, o.accessKeySecret);
    return `${o.endpoint ?? ALIYUN_SMS_ENDPOINT}?Signature=${percentEncode(signature)}&${canonicalQuery(params)}`;
  }

  async send(mobile: string, code: string, _requestType: SmsRequestType): Promise<void> {
    let response: Response;
    try {
      response = await this.fetchImpl(this.signedUrl(mobile, code), {
        method: 'GET',
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new SmsSendError(`Aliyun SendSms unreachable: ${(err as Error).message}`);
    }
    let answer: SendSmsAnswer = {};
    try {
      answer = (await response.json()) as SendSmsAnswer;
    } catch {
      // Non-JSON (a proxy error page): reported below with the status.
    }
    if (!response.ok || answer.Code !== 'OK') {
      throw new SmsSendError(`Aliyun SendSms failed: HTTP ${response.status} ${answer.Code ?? ''} ${answer.Message ?? ''} ${answer.RequestId ?? ''}`.trim());
    }
  }
}
