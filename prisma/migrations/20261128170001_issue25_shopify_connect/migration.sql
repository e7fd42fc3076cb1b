-- CreateTable
CREATE TABLE "oauth_states" (
    "nonce" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oauth_states_pkey" PRIMARY KEY ("nonce")
);

-- CreateTable
CREATE TABLE "integration_credentials" (
    "integration_id" INTEGER NOT NULL,
    "access_token" TEXT NOT NULL,
    "refresh_token" TEXT,
    "access_expires_at" TIMESTAMPTZ(3),
    "refresh_expires_at" TIMESTAMPTZ(3),
    "scopes" TEXT[],
    "refreshed_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "integration_credentials_pkey" PRIMARY KEY ("integration_id")
);

-- CreateTable
CREATE TABLE "connector_inbox" (
    "id" BIGSERIAL NOT NULL,
    "provider" TEXT NOT NULL,
    "dedup_key" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "integration_id" INTEGER,
    "shop" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "triggered_at" TIMESTAMPTZ(3),
    "body" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_error" TEXT,
    "result" JSONB,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processed_at" TIMESTAMPTZ(3),

    CONSTRAINT "connector_inbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "oauth_states_expires_at_idx" ON "oauth_states"("expires_at");

-- CreateIndex
CREATE INDEX "connector_inbox_account_id_status_next_attempt_at_idx" ON "connector_inbox"("account_id", "status", "next_attempt_at");

-- CreateIndex
CREATE UNIQUE INDEX "connector_inbox_provider_dedup_key_key" ON "connector_inbox"("provider", "dedup_key");

-- AddForeignKey
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "integration_credentials" ADD CONSTRAINT "integration_credentials_integration_id_fkey" FOREIGN KEY ("integration_id") REFERENCES "integrations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "connector_inbox" ADD CONSTRAINT "connector_inbox_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "connector_inbox" ADD CONSTRAINT "connector_inbox_integration_id_fkey" FOREIGN KEY ("integration_id") REFERENCES "integrations"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "connector_inventory_levels" (
    "integration_id" INTEGER NOT NULL,
    "item_id" TEXT NOT NULL,
    "location_id" TEXT NOT NULL,
    "available" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "connector_inventory_levels_pkey" PRIMARY KEY ("integration_id","item_id","location_id")
);

-- CreateTable
CREATE TABLE "connector_item_skus" (
    "integration_id" INTEGER NOT NULL,
    "item_id" TEXT NOT NULL,
    "sku" TEXT NOT NULL,

    CONSTRAINT "connector_item_skus_pkey" PRIMARY KEY ("integration_id","item_id")
);

-- AddForeignKey
ALTER TABLE "connector_inventory_levels" ADD CONSTRAINT "connector_inventory_levels_integration_id_fkey" FOREIGN KEY ("integration_id") REFERENCES "integrations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "connector_item_skus" ADD CONSTRAINT "connector_item_skus_integration_id_fkey" FOREIGN KEY ("integration_id") REFERENCES "integrations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
