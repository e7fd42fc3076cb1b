// One event of every kind with the exact `data` the catalog defines (type-checked against it).
import { WEBHOOK_EVENTS, type EventDataMap, type DomainEvent, type WebhookEventName } from '../../../src/domain/events/index.ts';

const TS = '2026-11-21T10:00:00.000Z';

export const SAMPLE_DATA: { [N in WebhookEventName]: EventDataMap[N] } = {
  'purchase.created': { invoice_id: 'in_1QX', amount: 49.9, currency: 'USD', customer_email: 'owner@example.com' },
  'credits.low': { balance: 80, threshold: 100, last_feature: 'ai_insights' },
  'credits.depleted': { balance: 0, last_feature: 'ai_insights', last_amount: 20 },
  'credits.recharged': { credits_added: 1000, new_balance: 1080, stripe_session: 'cs_test_123', source: 'purchase' },
  'alert.fired': {
    rule_id: 7,
    rule_name: 'Revenue drop',
    severity: 'high',
    metric: 'revenue',
    observed: 120.5,
    threshold: 500,
    comparator: 'lt',
    window_hours: 24,
  },
  'anomaly.detected': { metric: 'orders', observed: 12, expected: 40.2, z_score: -3.4, direction: 'down', severity: 'high', source: 'univariate' },
  'usage.threshold_crossed': { month: '2026-11', severity: 'warning', cost_usd: 21.3, tokens: 120000, requests: 340, threshold_usd: 20, ts: TS },
  'ai.paused': { action: 'pause', reason: 'monthly quota', by: 'system', by_kind: 'system', cost_usd: 51, threshold_usd: 50, ts: TS },
  'ai.resumed': { action: 'resume', reason: null, by: 'admin_1', by_kind: 'admin', ts: TS },
  'integration.connected': { provider: 'shopify', shop: 'demo.myshopify.com' },
  'integration.revoked': { provider: 'shopify', store_id: 3, reason: 'app_uninstalled' },
  'credit.consumed': { transaction_id: 101, feature: 'ai_insights', amount: 20, balance: 80 },
  'credit.refunded': { transaction_id: 102, refund_of: 101, feature: 'ai_insights', amount: 20, balance: 100 },
  'inventory.low_stock': {
    sku: 'SKU-1',
    product_name: 'Mug «ünïcode» ☕',
    status: 'critical',
    current_stock: 3,
    days_of_stock: 1.5,
    lead_time_days: 14,
    estimated_stockout_date: '2026-11-23',
  },
  'integration.disconnected': { provider: 'woo-commerce', store_id: 4, shop: 'shop.example.com', last_sync_at: null, reason: 'stale' },
};

/** Every event kind once, in catalog order. */
export const sampleEvents = (): DomainEvent[] => WEBHOOK_EVENTS.map((name) => ({ name, data: SAMPLE_DATA[name] }) as DomainEvent);
