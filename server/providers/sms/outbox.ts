/**
 * The outbox "gateway": nothing is sent; the code is logged and kept in sms_outbox, where
 * developers and e2e tests read it (GET /dev/sms-outbox, outside production only).
 */
import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsRequestType } from '../../../src/domain/account/contract';
import type { Db } from '../../db/client';
import { smsOutbox } from '../../db/schema';
import type { SmsProvider } from './provider';

export interface OutboxMessage {
  mobile: string;
  code: string;
  requestType: string;
  /** Epoch ms. */
  sentAt: number;
}

export const OUTBOX_LIST_LIMIT = 50;

export class OutboxSmsProvider implements SmsProvider {
  readonly name = 'outbox';
  constructor(
    private readonly db: Db,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async send(mobile: string, code: string, requestType: SmsRequestType): Promise<void> {
    await this.db.insert(smsOutbox).values({ mobile, code, requestType });
    // Development convenience only: the outbox is refused nowhere, but production warns at start-up.
    this.log?.info({ mobile, code, requestType }, 'SMS outbox: code "sent"');
  }

  /** Newest first. */
  async list(mobile: string): Promise<OutboxMessage[]> {
    const rows = await this.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, mobile)).orderBy(desc(smsOutbox.id)).limit(OUTBOX_LIST_LIMIT);
    return rows.map((row) => ({ mobile: row.mobile, code: row.code, requestType: row.requestType, sentAt: row.sentAt.getTime() }));
  }
}
