/** Where SMS codes go: the outbox (development, tests, e2e) or a real gateway (Aliyun). */
import type { SmsRequestType } from '../../../src/domain/account/contract';

export interface SmsProvider {
  readonly name: string;
  /** Resolves when the gateway accepted the message; rejects otherwise (the code is then unusable). */
  send(mobile: string, code: string, requestType: SmsRequestType): Promise<void>;
}

/** A gateway refused or could not be reached. The message is for the log, never for the user. */
export class SmsSendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsSendError';
  }
}
