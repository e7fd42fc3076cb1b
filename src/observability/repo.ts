// The webhook and outbox figures that /metrics reads on scrape: one statement of three index
// probes (pending deliveries by the (status, next_attempt_at) index, outbox events by the
// (dispatched_at, id) index).
import type { PrismaClient } from '../db/client.ts';
import { col, parseRows, z } from '../domain/shared/index.ts';

const queueRow = z.object({ depth: z.bigint(), oldest_due: col.float.nullable(), outbox_lag: col.float.nullable() });

export interface QueueFigures {
  /** Deliveries waiting for an attempt (pending, due or not). */
  depth: number;
  /** Age of the oldest delivery that is due now (0 when none is). */
  oldestDueSeconds: number;
  /** Age of the oldest event not yet fanned out into deliveries (0 when none waits). */
  outboxLagSeconds: number;
}

export function queueFiguresRepo(prisma: PrismaClient) {
  return async function read(): Promise<QueueFigures> {
    const [row] = parseRows(
      queueRow,
      await prisma.$queryRaw`
      SELECT
        (SELECT count(*) FROM webhook_deliveries WHERE status = 'pending') AS depth,
        (SELECT EXTRACT(EPOCH FROM now() - min(next_attempt_at))::float8 FROM webhook_deliveries
          WHERE status = 'pending' AND next_attempt_at <= now()) AS oldest_due,
        (SELECT EXTRACT(EPOCH FROM now() - min(created_at))::float8 FROM outbox_events WHERE dispatched_at IS NULL) AS outbox_lag`,
    );
    return {
      depth: Number(row?.depth ?? 0),
      oldestDueSeconds: Math.max(0, row?.oldest_due ?? 0),
      outboxLagSeconds: Math.max(0, row?.outbox_lag ?? 0),
    };
  };
}
