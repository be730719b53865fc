/** Chooses the payment provider from the configuration (DESIGN.md §4 Payments). */
import type { Config } from '../config.ts';
import { createPaypalProvider } from './paypal.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox.ts';

export function createPaymentProvider(config: Config): PaymentProvider {
  return config.payments.provider === 'paypal'
    ? createPaypalProvider(config.payments)
    : createSandboxProvider(config.publicUrl);
}
