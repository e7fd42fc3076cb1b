// The webhooks module's public surface: subscriptions, URL safety, delivery (dispatcher, signing).
export * from './service.ts';
export * from './url-safety.ts';
export * from './delivery/dispatcher.ts';
export * from './delivery/sign.ts';
export * from './delivery/process.ts';
export type { WebhookDeliveryView, WebhookAttemptView, TestEventOutcome } from './operations.ts';
export { TEST_EVENT, DELIVERY_STATUSES, DELIVERY_PAGE, DEFAULT_GRACE_HOURS, MAX_GRACE_HOURS, RECOVER_MAX_DAYS, RESPONSE_BODY_BYTES } from './rules.ts';
export type { DeliveryStatusName } from './rules.ts';

/** A listed webhook subscription (never its secret). */
export interface Webhook {
  id: number;
  url: string;
  events: string[];
  active: boolean;
  lastFiredAt: Date | null;
  lastStatus: number | null;
  failCount: number;
  totalFired: number;
  totalFailed: number;
  createdAt: Date;
}
