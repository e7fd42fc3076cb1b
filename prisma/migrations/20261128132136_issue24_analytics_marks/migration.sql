-- CreateTable
CREATE TABLE "analytics_marks" (
    "account_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "taken_by" TEXT,
    "marked_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "analytics_marks_pkey" PRIMARY KEY ("account_id","kind","key")
);
