// The webhooks module's public surface: subscriptions, URL safety, delivery (dispatcher, signing).
export { type CreateWebhookInput, generateWebhookSecret, SECRET_WARNING, webhooksService, type WebhooksService } from './service.ts';
export { checkWebhookUrl, isPublicUnicast, type Resolver, resolveSafeTarget } from './url-safety.ts';
export { BACKOFF_MS, type DispatcherOptions, JITTER, MAX_ATTEMPTS, webhookDispatcher, webhookSettingWarnings } from './delivery/dispatcher.ts';
export { deliveryBody, deliveryHeaders } from './delivery/sign.ts';
export { outboxNotifications, startWebhookDispatcher } from './delivery/process.ts';
export { secretBox } from './secret-box.ts';
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
