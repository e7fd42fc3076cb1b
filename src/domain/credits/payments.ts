// The payment port: how a purchase of credits is paid. The service records what the port returns
// (the checkout session id in the ledger row's meta.checkout_session, the invoice in
// purchase.created). The default port simulates a completed payment-mode checkout; a real
// processor is an implementation of the same interface.
import { randomBytes } from 'node:crypto';

export interface CheckoutRequest {
  accountId: string;
  credits: number;
  /** purchase (asked for) or auto_topup (the balance fell under the threshold). */
  source: 'purchase' | 'auto_topup';
  customerEmail: string;
}

export interface CompletedCheckout {
  /** The processor's checkout session id (credits.recharged `stripe_session`). */
  sessionId: string;
  invoiceId: string;
  /** What was charged, in `currency`. */
  amount: number;
  currency: string;
}

export interface PaymentPort {
  /** Completes a payment-mode checkout for `credits`; throws when the payment fails. */
  checkout(request: CheckoutRequest): Promise<CompletedCheckout>;
}

/** The price the simulated processor charges per credit. */
export const SIMULATED_PRICE_PER_CREDIT_USD = 0.01;

/** Completes every checkout at once, with fresh cs_sim_… / in_sim_… ids and no network. */
export function simulatedPayments(): PaymentPort {
  return {
    async checkout({ credits }) {
      return {
        sessionId: `cs_sim_${randomBytes(12).toString('hex')}`,
        invoiceId: `in_sim_${randomBytes(12).toString('hex')}`,
        amount: Math.round(credits * SIMULATED_PRICE_PER_CREDIT_USD * 100) / 100,
        currency: 'USD',
      };
    },
  };
}
