-- CreateTable
CREATE TABLE "integration_sync_streams" (
    "integration_id" INTEGER NOT NULL,
    "stream" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "phase" TEXT NOT NULL DEFAULT 'idle',
    "cursor" TIMESTAMPTZ(3),
    "operation_id" TEXT,
    "lines_done" INTEGER NOT NULL DEFAULT 0,
    "records_done" INTEGER NOT NULL DEFAULT 0,
    "bytes_done" BIGINT NOT NULL DEFAULT 0,
    "bytes_total" BIGINT,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "integration_sync_streams_pkey" PRIMARY KEY ("integration_id","stream")
);

-- CreateIndex
CREATE INDEX "integration_sync_streams_account_id_idx" ON "integration_sync_streams"("account_id");

-- AddForeignKey
ALTER TABLE "integration_sync_streams" ADD CONSTRAINT "integration_sync_streams_integration_id_fkey" FOREIGN KEY ("integration_id") REFERENCES "integrations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
