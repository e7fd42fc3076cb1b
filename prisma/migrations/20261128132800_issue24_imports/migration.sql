-- CreateEnum
CREATE TYPE "ImportKind" AS ENUM ('orders', 'customers', 'products', 'ad_spend');

-- CreateEnum
CREATE TYPE "ImportFormat" AS ENUM ('csv', 'ndjson');

-- CreateEnum
CREATE TYPE "ImportStatus" AS ENUM ('receiving', 'queued', 'running', 'succeeded', 'failed');

-- CreateTable
CREATE TABLE "imports" (
    "id" SERIAL NOT NULL,
    "account_id" TEXT NOT NULL,
    "kind" "ImportKind" NOT NULL,
    "format" "ImportFormat" NOT NULL,
    "source" "CommerceSource" NOT NULL DEFAULT 'shopify',
    "status" "ImportStatus" NOT NULL DEFAULT 'queued',
    "dialect" VARCHAR(16),
    "file_name" VARCHAR(255),
    "bytes" BIGINT NOT NULL DEFAULT 0,
    "rows_read" INTEGER NOT NULL DEFAULT 0,
    "rows_stored" INTEGER NOT NULL DEFAULT 0,
    "rows_skipped" INTEGER NOT NULL DEFAULT 0,
    "rows_rejected" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "imports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "import_chunks" (
    "import_id" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "import_chunks_pkey" PRIMARY KEY ("import_id","seq")
);

-- CreateTable
CREATE TABLE "import_rejections" (
    "import_id" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "line" INTEGER NOT NULL,
    "field" VARCHAR(128),
    "reason" TEXT NOT NULL,

    CONSTRAINT "import_rejections_pkey" PRIMARY KEY ("import_id","seq")
);

-- CreateIndex
CREATE INDEX "imports_account_id_id_idx" ON "imports"("account_id", "id" DESC);

-- CreateIndex
CREATE INDEX "imports_status_id_idx" ON "imports"("status", "id");

-- AddForeignKey
ALTER TABLE "imports" ADD CONSTRAINT "imports_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_chunks" ADD CONSTRAINT "import_chunks_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "imports"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_rejections" ADD CONSTRAINT "import_rejections_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "imports"("id") ON DELETE CASCADE ON UPDATE CASCADE;
