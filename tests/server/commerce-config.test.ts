/** PAYMENT_SANDBOX: the sandbox wallet outside production while no real channel is configured; never in production. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import type { Db } from '../../server/db/client';
import { SandboxPaymentProvider } from '../../server/providers/payment/sandbox';
import { createServices } from '../../server/providers/services';
import { ShiftableClock } from '../../server/shared/clock';

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
});
