-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "Plan" AS ENUM ('free', 'starter', 'growth', 'scale');

-- CreateEnum
CREATE TYPE "KeyEnvironment" AS ENUM ('live', 'test');

-- CreateEnum
CREATE TYPE "Scope" AS ENUM ('read', 'write');

-- CreateEnum
CREATE TYPE "CommerceSource" AS ENUM ('shopify', 'woo-commerce', 'mercado-libre');

-- CreateEnum
CREATE TYPE "CustomerSegment" AS ENUM ('vip', 'loyal', 'regular', 'new', 'at_risk', 'churned');

-- CreateEnum
CREATE TYPE "IntegrationStatus" AS ENUM ('connected', 'stale', 'revoked', 'never_synced');

-- CreateEnum
CREATE TYPE "OrderStatus" AS ENUM ('paid', 'refunded', 'partially_refunded', 'cancelled');

-- CreateEnum
CREATE TYPE "AdPlatform" AS ENUM ('meta-ads', 'google-ads');

-- CreateEnum
CREATE TYPE "TransactionKind" AS ENUM ('consume', 'refund', 'purchase', 'auto_topup', 'grant');

-- CreateEnum
CREATE TYPE "AiState" AS ENUM ('enabled', 'paused');

-- CreateEnum
CREATE TYPE "ActorKind" AS ENUM ('system', 'admin');

-- CreateEnum
CREATE TYPE "Severity" AS ENUM ('low', 'medium', 'high', 'critical');

-- CreateEnum
CREATE TYPE "InsightCategory" AS ENUM ('ads', 'churn_risk', 'inventory', 'profit', 'revenue', 'customers', 'anomaly', 'integration');

-- CreateEnum
CREATE TYPE "InsightStatus" AS ENUM ('open', 'resolved', 'dismissed');

-- CreateEnum
CREATE TYPE "AnomalyMetric" AS ENUM ('revenue', 'orders', 'aov', 'ad_spend', 'roas', 'cpa', 'refunds', 'new_customers', 'conversion_rate', 'margin_pct');

-- CreateEnum
CREATE TYPE "AnomalyKind" AS ENUM ('univariate', 'correlated');

-- CreateEnum
CREATE TYPE "Direction" AS ENUM ('up', 'down');

-- CreateEnum
CREATE TYPE "InventoryTrend" AS ENUM ('accelerating', 'stable', 'decelerating', 'no_sales');

-- CreateEnum
CREATE TYPE "InventoryStatus" AS ENUM ('critical', 'low', 'ok', 'overstocked');

-- CreateEnum
CREATE TYPE "ReorderStatus" AS ENUM ('pending', 'ordered', 'dismissed');

-- CreateEnum
CREATE TYPE "Comparator" AS ENUM ('gt', 'gte', 'lt', 'lte');

-- CreateEnum
CREATE TYPE "DeliveryStatus" AS ENUM ('pending', 'succeeded', 'failed');

-- CreateEnum
CREATE TYPE "ChangelogTag" AS ENUM ('Launch', 'Feature', 'Improvement', 'Fix');

-- CreateEnum
CREATE TYPE "IncidentSeverity" AS ENUM ('minor', 'major', 'critical');

-- CreateEnum
CREATE TYPE "IncidentStatus" AS ENUM ('investigating', 'identified', 'monitoring', 'resolved');

-- CreateEnum
CREATE TYPE "MonitoredService" AS ENUM ('api', 'database', 'jobs', 'webhooks');

-- CreateEnum
CREATE TYPE "JobRunStatus" AS ENUM ('running', 'succeeded', 'failed');

-- CreateTable
CREATE TABLE "accounts" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "plan" "Plan" NOT NULL DEFAULT 'free',
    "currency" VARCHAR(3) NOT NULL DEFAULT 'USD',
    "timezone" TEXT NOT NULL DEFAULT 'UTC',
    "is_demo" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" SERIAL NOT NULL,
    "account_id" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "prefix" TEXT NOT NULL,
    "hash" CHAR(64) NOT NULL,
    "environment" "KeyEnvironment" NOT NULL,
    "scopes" "Scope"[],
    "expires_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "customers" (
    "id" SERIAL NOT NULL,
    "account_id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "phone" TEXT,
    "source" "CommerceSource" NOT NULL,
    "external_id" TEXT NOT NULL,
    "city" TEXT NOT NULL DEFAULT '',
    "country" VARCHAR(2) NOT NULL DEFAULT '',
    "orders_count" INTEGER NOT NULL DEFAULT 0,
    "revenue_total" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "ltv_estimate" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "aov" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "segment" "CustomerSegment" NOT NULL DEFAULT 'new',
    "churn_score" DECIMAL(5,4) NOT NULL DEFAULT 0,
    "last_purchase_at" TIMESTAMPTZ(3),
    "first_purchase_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "customers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "integrations" (
    "id" SERIAL NOT NULL,
    "account_id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "scopes" TEXT[],
    "status" "IntegrationStatus" NOT NULL DEFAULT 'never_synced',
    "token_type" TEXT,
    "token_last4" VARCHAR(4),
    "token_expires_at" TIMESTAMPTZ(3),
    "connected_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),
    "revoke_reason" TEXT,
    "last_sync_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "integrations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "inventory_items" (
    "id" SERIAL NOT NULL,
    "account_id" TEXT NOT NULL,
    "sku" TEXT NOT NULL,
    "product_name" TEXT NOT NULL,
    "current_stock" INTEGER NOT NULL DEFAULT 0,
    "lead_time_days" INTEGER NOT NULL DEFAULT 14,
    "unit_cost" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "unit_price" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "units_sold_30d" INTEGER NOT NULL DEFAULT 0,
    "units_sold_7d" INTEGER NOT NULL DEFAULT 0,
    "avg_daily_units_30d" DECIMAL(12,4) NOT NULL DEFAULT 0,
    "avg_daily_units_7d" DECIMAL(12,4) NOT NULL DEFAULT 0,
    "days_of_stock" DECIMAL(12,2),
    "trend" "InventoryTrend",
    "status" "InventoryStatus",
    "estimated_stockout_at" DATE,
    "computed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "inventory_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "orders" (
    "id" SERIAL NOT NULL,
    "account_id" TEXT NOT NULL,
    "customer_id" INTEGER,
    "source" "CommerceSource" NOT NULL,
    "external_id" TEXT NOT NULL,
    "status" "OrderStatus" NOT NULL DEFAULT 'paid',
    "currency" VARCHAR(3) NOT NULL DEFAULT 'USD',
    "subtotal" DECIMAL(14,2) NOT NULL,
    "discount_amount" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "shipping_amount" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "tax_amount" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "total_amount" DECIMAL(14,2) NOT NULL,
    "refunded_amount" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "fees_amount" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "shipping_cost" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "placed_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "orders_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_items" (
    "id" SERIAL NOT NULL,
    "account_id" TEXT NOT NULL,
    "order_id" INTEGER NOT NULL,
    "inventory_item_id" INTEGER,
    "sku" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "unit_price" DECIMAL(12,2) NOT NULL,
    "unit_cost" DECIMAL(12,2) NOT NULL,

    CONSTRAINT "order_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ad_spend" (
    "id" SERIAL NOT NULL,
    "account_id" TEXT NOT NULL,
    "date" DATE NOT NULL,
    "platform" "AdPlatform" NOT NULL,
    "campaign_id" TEXT NOT NULL,
    "campaign_name" TEXT NOT NULL,
    "spend" DECIMAL(14,2) NOT NULL,
    "attributed_revenue" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "clicks" INTEGER NOT NULL DEFAULT 0,
    "impressions" INTEGER NOT NULL DEFAULT 0,
    "conversions" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ad_spend_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "expenses" (
    "id" SERIAL NOT NULL,
    "account_id" TEXT NOT NULL,
    "date" DATE NOT NULL,
    "category" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "amount" DECIMAL(14,2) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "expenses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "credit_balances" (
    "account_id" TEXT NOT NULL,
    "balance" INTEGER NOT NULL DEFAULT 0,
    "total_purchased" INTEGER NOT NULL DEFAULT 0,
    "total_spent" INTEGER NOT NULL DEFAULT 0,
    "auto_topup_enabled" BOOLEAN NOT NULL DEFAULT false,
    "auto_topup_threshold" INTEGER NOT NULL DEFAULT 100,
    "auto_topup_amount" INTEGER NOT NULL DEFAULT 500,
    "auto_topup_last_charged_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "credit_balances_pkey" PRIMARY KEY ("account_id")
);

-- CreateTable
CREATE TABLE "credit_transactions" (
    "id" SERIAL NOT NULL,
    "account_id" TEXT NOT NULL,
    "kind" "TransactionKind" NOT NULL,
    "feature" TEXT NOT NULL DEFAULT '',
    "amount" INTEGER NOT NULL,
    "balance_after" INTEGER NOT NULL,
    "meta" JSONB NOT NULL DEFAULT '{}',
    "refund_of_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "credit_transactions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ai_access" (
    "account_id" TEXT NOT NULL,
    "state" "AiState" NOT NULL DEFAULT 'enabled',
    "reason" TEXT,
    "changed_by" TEXT,
    "changed_by_kind" "ActorKind",
    "changed_at" TIMESTAMPTZ(3),
    "auto_pause" BOOLEAN NOT NULL DEFAULT false,
    "warning_threshold_usd" DECIMAL(10,2) NOT NULL DEFAULT 20,
    "critical_threshold_usd" DECIMAL(10,2) NOT NULL DEFAULT 50,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ai_access_pkey" PRIMARY KEY ("account_id")
);

-- CreateTable
CREATE TABLE "ai_usage" (
    "id" SERIAL NOT NULL,
    "account_id" TEXT NOT NULL,
    "feature" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "tokens_in" INTEGER NOT NULL,
    "tokens_out" INTEGER NOT NULL,
    "cost_usd" DECIMAL(12,6) NOT NULL,
    "credits" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ai_usage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ai_quota_notices" (
    "id" SERIAL NOT NULL,
    "account_id" TEXT NOT NULL,
    "month" CHAR(7) NOT NULL,
    "severity" TEXT NOT NULL,
    "cost_usd" DECIMAL(12,6) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ai_quota_notices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_subscriptions" (
    "id" SERIAL NOT NULL,
    "account_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT[],
    "secret" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "revoked_at" TIMESTAMPTZ(3),
    "deactivated_at" TIMESTAMPTZ(3),
    "last_fired_at" TIMESTAMPTZ(3),
    "last_status" INTEGER,
    "fail_count" INTEGER NOT NULL DEFAULT 0,
    "total_fired" INTEGER NOT NULL DEFAULT 0,
    "total_failed" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "outbox_events" (
    "id" BIGSERIAL NOT NULL,
    "event_id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "dispatched_at" TIMESTAMPTZ(3),

    CONSTRAINT "outbox_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" BIGSERIAL NOT NULL,
    "delivery_id" TEXT NOT NULL,
    "event_id" BIGINT NOT NULL,
    "subscription_id" INTEGER NOT NULL,
    "status" "DeliveryStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_attempts" (
    "id" BIGSERIAL NOT NULL,
    "delivery_id" BIGINT NOT NULL,
    "attempt_no" INTEGER NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "response_status" INTEGER,
    "success" BOOLEAN NOT NULL,
    "error" TEXT,

    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "insights" (
    "id" SERIAL NOT NULL,
    "account_id" TEXT NOT NULL,
    "severity" "Severity" NOT NULL,
    "category" "InsightCategory" NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "suggested_action" TEXT NOT NULL,
    "impact_estimate" TEXT NOT NULL DEFAULT '',
    "status" "InsightStatus" NOT NULL DEFAULT 'open',
    "fingerprint" TEXT NOT NULL,
    "related_anomaly_id" INTEGER,
    "computed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolved_at" TIMESTAMPTZ(3),

    CONSTRAINT "insights_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "anomalies" (
    "id" SERIAL NOT NULL,
    "account_id" TEXT NOT NULL,
    "kind" "AnomalyKind" NOT NULL,
    "metric" "AnomalyMetric" NOT NULL,
    "metric_date" DATE NOT NULL,
    "observed_value" DECIMAL(16,4) NOT NULL,
    "expected_value" DECIMAL(16,4) NOT NULL,
    "z_score" DECIMAL(10,4) NOT NULL,
    "direction" "Direction" NOT NULL,
    "severity" "Severity" NOT NULL,
    "detected_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "inferred_cause" TEXT NOT NULL DEFAULT '',
    "confidence" DECIMAL(5,4) NOT NULL DEFAULT 0,
    "correlated_metrics" JSONB NOT NULL DEFAULT '[]',

    CONSTRAINT "anomalies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "profit_snapshots" (
    "id" SERIAL NOT NULL,
    "account_id" TEXT NOT NULL,
    "snapshot_date" DATE NOT NULL,
    "gross_revenue" DECIMAL(14,2) NOT NULL,
    "refunds" DECIMAL(14,2) NOT NULL,
    "ad_spend" DECIMAL(14,2) NOT NULL,
    "cogs_estimate" DECIMAL(14,2) NOT NULL,
    "fees_estimate" DECIMAL(14,2) NOT NULL,
    "shipping_estimate" DECIMAL(14,2) NOT NULL,
    "extra_expenses" DECIMAL(14,2) NOT NULL,
    "net_revenue" DECIMAL(14,2) NOT NULL,
    "operational_profit" DECIMAL(14,2) NOT NULL,
    "final_profit" DECIMAL(14,2) NOT NULL,
    "margin_pct" DECIMAL(9,2) NOT NULL,
    "purchase_count" INTEGER NOT NULL,
    "computed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "profit_snapshots_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reorder_suggestions" (
    "id" SERIAL NOT NULL,
    "account_id" TEXT NOT NULL,
    "inventory_item_id" INTEGER NOT NULL,
    "qty_suggested" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "confidence" DECIMAL(5,4) NOT NULL,
    "forecast_days" INTEGER NOT NULL,
    "status" "ReorderStatus" NOT NULL DEFAULT 'pending',
    "computed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reorder_suggestions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "track_events" (
    "id" BIGSERIAL NOT NULL,
    "account_id" TEXT NOT NULL,
    "api_key_id" INTEGER,
    "event" VARCHAR(64) NOT NULL,
    "props" JSONB NOT NULL DEFAULT '{}',
    "visitor_id" VARCHAR(128),
    "session_id" VARCHAR(128),
    "url" VARCHAR(2048),
    "country" VARCHAR(2),
    "region" TEXT,
    "city" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "track_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "alert_rules" (
    "id" SERIAL NOT NULL,
    "account_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "metric" TEXT NOT NULL,
    "comparator" "Comparator" NOT NULL,
    "threshold" DECIMAL(16,4) NOT NULL,
    "window_hours" INTEGER NOT NULL,
    "severity" "Severity" NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "firing" BOOLEAN NOT NULL DEFAULT false,
    "last_value" DECIMAL(16,4),
    "last_fired_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "alert_rules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "job_runs" (
    "id" SERIAL NOT NULL,
    "job" TEXT NOT NULL,
    "account_id" TEXT,
    "status" "JobRunStatus" NOT NULL DEFAULT 'running',
    "attempt" INTEGER NOT NULL DEFAULT 1,
    "rows_written" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "job_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "job_locks" (
    "job" TEXT NOT NULL,
    "account_key" TEXT NOT NULL,
    "owner" TEXT NOT NULL,
    "locked_until" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "job_locks_pkey" PRIMARY KEY ("job","account_key")
);

-- CreateTable
CREATE TABLE "changelog_entries" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "date" DATE NOT NULL,
    "tag" "ChangelogTag" NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "bullets" TEXT[],

    CONSTRAINT "changelog_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "incidents" (
    "id" SERIAL NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL DEFAULT '',
    "severity" "IncidentSeverity" NOT NULL,
    "status" "IncidentStatus" NOT NULL DEFAULT 'investigating',
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolved_at" TIMESTAMPTZ(3),

    CONSTRAINT "incidents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "uptime_checks" (
    "id" BIGSERIAL NOT NULL,
    "service" "MonitoredService" NOT NULL,
    "ok" BOOLEAN NOT NULL,
    "latency_ms" INTEGER NOT NULL,
    "checked_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "uptime_checks_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys"("hash");

-- CreateIndex
CREATE INDEX "api_keys_account_id_id_idx" ON "api_keys"("account_id", "id" DESC);

-- CreateIndex
CREATE INDEX "api_keys_prefix_idx" ON "api_keys"("prefix");

-- CreateIndex
CREATE INDEX "customers_account_id_id_idx" ON "customers"("account_id", "id" DESC);

-- CreateIndex
CREATE INDEX "customers_account_id_source_id_idx" ON "customers"("account_id", "source", "id" DESC);

-- CreateIndex
CREATE INDEX "customers_account_id_segment_id_idx" ON "customers"("account_id", "segment", "id" DESC);

-- CreateIndex
CREATE INDEX "customers_account_id_revenue_total_id_idx" ON "customers"("account_id", "revenue_total" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "customers_account_id_last_purchase_at_id_idx" ON "customers"("account_id", "last_purchase_at" DESC, "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "customers_account_id_external_id_key" ON "customers"("account_id", "external_id");

-- CreateIndex
CREATE INDEX "integrations_account_id_status_idx" ON "integrations"("account_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "integrations_account_id_provider_shop_key" ON "integrations"("account_id", "provider", "shop");

-- CreateIndex
CREATE INDEX "inventory_items_account_id_status_sku_idx" ON "inventory_items"("account_id", "status", "sku");

-- CreateIndex
CREATE UNIQUE INDEX "inventory_items_account_id_sku_key" ON "inventory_items"("account_id", "sku");

-- CreateIndex
CREATE INDEX "orders_account_id_placed_at_idx" ON "orders"("account_id", "placed_at");

-- CreateIndex
CREATE INDEX "orders_account_id_customer_id_placed_at_idx" ON "orders"("account_id", "customer_id", "placed_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "orders_account_id_source_external_id_key" ON "orders"("account_id", "source", "external_id");

-- CreateIndex
CREATE INDEX "order_items_order_id_idx" ON "order_items"("order_id");

-- CreateIndex
CREATE INDEX "order_items_account_id_inventory_item_id_idx" ON "order_items"("account_id", "inventory_item_id");

-- CreateIndex
CREATE UNIQUE INDEX "ad_spend_account_id_date_platform_campaign_id_key" ON "ad_spend"("account_id", "date", "platform", "campaign_id");

-- CreateIndex
CREATE INDEX "expenses_account_id_date_idx" ON "expenses"("account_id", "date");

-- CreateIndex
CREATE UNIQUE INDEX "credit_transactions_refund_of_id_key" ON "credit_transactions"("refund_of_id");

-- CreateIndex
CREATE INDEX "credit_transactions_account_id_id_idx" ON "credit_transactions"("account_id", "id" DESC);

-- CreateIndex
CREATE INDEX "credit_transactions_account_id_created_at_idx" ON "credit_transactions"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "ai_usage_account_id_created_at_idx" ON "ai_usage"("account_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "ai_quota_notices_account_id_month_severity_key" ON "ai_quota_notices"("account_id", "month", "severity");

-- CreateIndex
CREATE INDEX "webhook_subscriptions_account_id_active_id_idx" ON "webhook_subscriptions"("account_id", "active", "id");

-- CreateIndex
CREATE UNIQUE INDEX "outbox_events_event_id_key" ON "outbox_events"("event_id");

-- CreateIndex
CREATE INDEX "outbox_events_dispatched_at_id_idx" ON "outbox_events"("dispatched_at", "id");

-- CreateIndex
CREATE INDEX "outbox_events_account_id_created_at_idx" ON "outbox_events"("account_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_deliveries_delivery_id_key" ON "webhook_deliveries"("delivery_id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_deliveries_event_id_subscription_id_key" ON "webhook_deliveries"("event_id", "subscription_id");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_attempts_delivery_id_attempt_no_key" ON "webhook_attempts"("delivery_id", "attempt_no");

-- CreateIndex
CREATE INDEX "insights_account_id_id_idx" ON "insights"("account_id", "id" DESC);

-- CreateIndex
CREATE INDEX "insights_account_id_status_id_idx" ON "insights"("account_id", "status", "id" DESC);

-- CreateIndex
CREATE INDEX "insights_account_id_fingerprint_idx" ON "insights"("account_id", "fingerprint");

-- CreateIndex
CREATE INDEX "anomalies_account_id_detected_at_idx" ON "anomalies"("account_id", "detected_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "anomalies_account_id_metric_metric_date_kind_key" ON "anomalies"("account_id", "metric", "metric_date", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "profit_snapshots_account_id_snapshot_date_key" ON "profit_snapshots"("account_id", "snapshot_date");

-- CreateIndex
CREATE INDEX "reorder_suggestions_account_id_status_id_idx" ON "reorder_suggestions"("account_id", "status", "id" DESC);

-- CreateIndex
CREATE INDEX "reorder_suggestions_inventory_item_id_status_idx" ON "reorder_suggestions"("inventory_item_id", "status");

-- CreateIndex
CREATE INDEX "track_events_account_id_created_at_idx" ON "track_events"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "track_events_account_id_event_created_at_idx" ON "track_events"("account_id", "event", "created_at");

-- CreateIndex
CREATE INDEX "alert_rules_account_id_active_idx" ON "alert_rules"("account_id", "active");

-- CreateIndex
CREATE INDEX "job_runs_job_account_id_started_at_idx" ON "job_runs"("job", "account_id", "started_at" DESC);

-- CreateIndex
CREATE INDEX "job_runs_job_started_at_idx" ON "job_runs"("job", "started_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "changelog_entries_slug_key" ON "changelog_entries"("slug");

-- CreateIndex
CREATE INDEX "changelog_entries_date_idx" ON "changelog_entries"("date" DESC);

-- CreateIndex
CREATE INDEX "incidents_status_started_at_idx" ON "incidents"("status", "started_at" DESC);

-- CreateIndex
CREATE INDEX "uptime_checks_service_checked_at_idx" ON "uptime_checks"("service", "checked_at");

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "customers" ADD CONSTRAINT "customers_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_inventory_item_id_fkey" FOREIGN KEY ("inventory_item_id") REFERENCES "inventory_items"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ad_spend" ADD CONSTRAINT "ad_spend_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credit_balances" ADD CONSTRAINT "credit_balances_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_refund_of_id_fkey" FOREIGN KEY ("refund_of_id") REFERENCES "credit_transactions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ai_access" ADD CONSTRAINT "ai_access_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ai_quota_notices" ADD CONSTRAINT "ai_quota_notices_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "outbox_events" ADD CONSTRAINT "outbox_events_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "outbox_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "webhook_subscriptions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "insights" ADD CONSTRAINT "insights_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "insights" ADD CONSTRAINT "insights_related_anomaly_id_fkey" FOREIGN KEY ("related_anomaly_id") REFERENCES "anomalies"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "anomalies" ADD CONSTRAINT "anomalies_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "profit_snapshots" ADD CONSTRAINT "profit_snapshots_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reorder_suggestions" ADD CONSTRAINT "reorder_suggestions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reorder_suggestions" ADD CONSTRAINT "reorder_suggestions_inventory_item_id_fkey" FOREIGN KEY ("inventory_item_id") REFERENCES "inventory_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "track_events" ADD CONSTRAINT "track_events_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Written by hand (Prisma's schema language cannot express these; the engine's diff ignores them).
-- A credit balance never goes below zero.
ALTER TABLE "credit_balances" ADD CONSTRAINT "credit_balances_balance_nonnegative" CHECK ("balance" >= 0);

-- The credit ledger is append-only: rows are never changed or removed.
CREATE FUNCTION "credit_transactions_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'credit_transactions is append-only (% refused)', TG_OP USING ERRCODE = '55000';
END;
$$;

CREATE TRIGGER "credit_transactions_append_only"
  BEFORE UPDATE OR DELETE ON "credit_transactions"
  FOR EACH ROW EXECUTE FUNCTION "credit_transactions_append_only"();
