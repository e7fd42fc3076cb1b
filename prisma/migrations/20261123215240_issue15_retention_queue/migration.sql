-- CreateEnum
CREATE TYPE "JobQueueState" AS ENUM ('queued', 'running', 'idle', 'dead');

-- CreateTable
CREATE TABLE "job_queue" (
    "job" TEXT NOT NULL,
    "account_key" TEXT NOT NULL,
    "state" "JobQueueState" NOT NULL DEFAULT 'queued',
    "due_at" TIMESTAMPTZ(3) NOT NULL,
    "run_after" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "rerun" BOOLEAN NOT NULL DEFAULT false,
    "owner" TEXT,
    "heartbeat_at" TIMESTAMPTZ(3),
    "run_id" INTEGER,
    "last_error" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "job_queue_pkey" PRIMARY KEY ("job","account_key")
);

-- CreateIndex
CREATE INDEX "job_queue_state_run_after_idx" ON "job_queue"("state", "run_after");

-- CreateIndex
CREATE INDEX "job_runs_started_at_idx" ON "job_runs"("started_at");

-- CreateIndex
CREATE INDEX "uptime_checks_checked_at_idx" ON "uptime_checks"("checked_at");


-- Monthly range partitions (written by hand: Prisma's schema language cannot express them).
-- track_events (by created_at) and webhook_attempts (by started_at) become partitioned tables
-- with one partition per UTC month, <table>_pYYYY_MM, and a default partition for rows outside
-- every month partition (backfills older than the first one; anything past the months made
-- ahead). The retention job drops whole months past the window and makes the months ahead with
-- svc_ensure_month_partitions (docs/jobs.md). A partitioned table's primary key must contain
-- the partition key, hence (id, created_at) and (id, started_at); the ids still come from one
-- sequence each. Nothing references these tables, and their own foreign keys (to accounts, to
-- webhook_deliveries) are allowed on partitioned tables. The old unique (delivery_id,
-- attempt_no) cannot hold across partitions: it is a plain index now, and the dispatcher's
-- lease (one claim records one attempt, under the delivery's row lock) keeps it unique.

-- Makes the missing month partitions of `parent` from the month of `first_month` to the month
-- of `last_month` (UTC). Rows of such a month already in the default partition are moved into
-- the new partition before it is attached, so attaching never fails. Returns how many it made.
CREATE FUNCTION "svc_ensure_month_partitions"(parent text, col text, first_month timestamptz, last_month timestamptz)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  m timestamptz := date_trunc('month', first_month AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  next_m timestamptz;
  part text;
  made integer := 0;
BEGIN
  WHILE m <= last_month LOOP
    next_m := ((m AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC';
    part := format('%s_p%s', parent, to_char(m AT TIME ZONE 'UTC', 'YYYY_MM'));
    IF to_regclass(quote_ident(part)) IS NULL THEN
      EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS)', part, parent);
      IF to_regclass(quote_ident(parent || '_default')) IS NOT NULL THEN
        EXECUTE format('WITH moved AS (DELETE FROM %I WHERE %I >= %L AND %I < %L RETURNING *) INSERT INTO %I SELECT * FROM moved',
                       parent || '_default', col, m, col, next_m, part);
      END IF;
      EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', parent, part, m, next_m);
      made := made + 1;
    END IF;
    m := next_m;
  END LOOP;
  RETURN made;
END $$;

-- track_events
ALTER SEQUENCE "track_events_id_seq" OWNED BY NONE;
ALTER TABLE "track_events" RENAME TO "track_events_unpartitioned";
CREATE TABLE "track_events" (LIKE "track_events_unpartitioned" INCLUDING DEFAULTS) PARTITION BY RANGE ("created_at");
CREATE TABLE "track_events_default" PARTITION OF "track_events" DEFAULT;
SELECT "svc_ensure_month_partitions"('track_events', 'created_at',
  greatest(coalesce((SELECT min("created_at") FROM "track_events_unpartitioned"), now()), now() - interval '13 months'),
  now() + interval '3 months');
INSERT INTO "track_events" SELECT * FROM "track_events_unpartitioned";
DROP TABLE "track_events_unpartitioned";
ALTER SEQUENCE "track_events_id_seq" OWNED BY "track_events"."id";
ALTER TABLE "track_events" ADD CONSTRAINT "track_events_pkey" PRIMARY KEY ("id", "created_at");
CREATE INDEX "track_events_account_id_created_at_idx" ON "track_events"("account_id", "created_at");
CREATE INDEX "track_events_account_id_event_created_at_idx" ON "track_events"("account_id", "event", "created_at");
ALTER TABLE "track_events" ADD CONSTRAINT "track_events_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- webhook_attempts
ALTER SEQUENCE "webhook_attempts_id_seq" OWNED BY NONE;
ALTER TABLE "webhook_attempts" RENAME TO "webhook_attempts_unpartitioned";
CREATE TABLE "webhook_attempts" (LIKE "webhook_attempts_unpartitioned" INCLUDING DEFAULTS) PARTITION BY RANGE ("started_at");
CREATE TABLE "webhook_attempts_default" PARTITION OF "webhook_attempts" DEFAULT;
SELECT "svc_ensure_month_partitions"('webhook_attempts', 'started_at',
  greatest(coalesce((SELECT min("started_at") FROM "webhook_attempts_unpartitioned"), now()), now() - interval '2 months'),
  now() + interval '3 months');
INSERT INTO "webhook_attempts" SELECT * FROM "webhook_attempts_unpartitioned";
DROP TABLE "webhook_attempts_unpartitioned";
ALTER SEQUENCE "webhook_attempts_id_seq" OWNED BY "webhook_attempts"."id";
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id", "started_at");
CREATE INDEX "webhook_attempts_delivery_id_attempt_no_idx" ON "webhook_attempts"("delivery_id", "attempt_no");
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;
