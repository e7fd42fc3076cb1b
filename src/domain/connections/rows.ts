// What the connections service answers, made from the repository's rows: an integration and a
// delivery of the webhook inbox.
import type { InboxRow, IntegrationRow } from './repo.ts';

export interface InboxDelivery {
  id: number;
  provider: string;
  /** The platform's idempotency key (Shopify: the event id, else the webhook id). */
  dedupKey: string;
  accountId: string;
  integrationId: number | null;
  shop: string;
  topic: string;
  triggeredAt: Date | null;
  body: string;
  status: string;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  /** When the last processing attempt ran; null before the first (or on rows older than the column). */
  lastAttemptAt: Date | null;
  result: unknown;
  receivedAt: Date;
  processedAt: Date | null;
}

export type ConnectedIntegration = {
  id: number;
  accountId: string;
  provider: string;
  shop: string;
  /** When the current installation was made (a reinstall moves it). */
  connectedAt: Date;
  revokedAt: Date | null;
};

export const toIntegration = (r: IntegrationRow): ConnectedIntegration => ({
  id: r.id,
  accountId: r.account_id,
  provider: r.provider,
  shop: r.shop,
  connectedAt: r.connected_at,
  revokedAt: r.revoked_at,
});
export const toDelivery = (r: InboxRow): InboxDelivery => ({
  id: r.id,
  provider: r.provider,
  dedupKey: r.dedup_key,
  accountId: r.account_id,
  integrationId: r.integration_id,
  shop: r.shop,
  topic: r.topic,
  triggeredAt: r.triggered_at,
  body: r.body,
  status: r.status,
  attempts: r.attempts,
  nextAttemptAt: r.next_attempt_at,
  lastError: r.last_error,
  lastAttemptAt: r.last_attempt_at,
  result: r.result,
  receivedAt: r.received_at,
  processedAt: r.processed_at,
});
