// The only Prisma access for custom tracking events.
import type { PrismaClient, Prisma } from '../../db/client.ts';
import { parseRows, z } from '../shared/rows.ts';

const idRow = z.object({ id: z.union([z.bigint(), z.string()]) });

export interface NewTrackEvent {
  accountId: string;
  apiKeyId: number | null;
  event: string;
  props: Prisma.InputJsonObject;
  visitorId: string | null;
  sessionId: string | null;
  url: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
}

const MAX_BATCH = 500;

/**
 * Group commit: inserts that arrive in the same turn of the event loop are written by one
 * multi-row statement, and each caller gets its own id once that statement has committed. A
 * caller is answered only after its row is stored, as with single inserts, and a failed
 * statement fails every caller of its batch with nothing stored.
 */
export function trackRepo(prisma: PrismaClient) {
  let pending: Array<{ data: NewTrackEvent; resolve: (id: bigint) => void; reject: (e: unknown) => void }> = [];

  async function write(batch: typeof pending): Promise<void> {
    const col = <K extends keyof NewTrackEvent>(key: K) => batch.map((b) => b.data[key]);
    try {
      const rows = parseRows(
        idRow,
        await prisma.$queryRaw`
        INSERT INTO track_events (account_id, api_key_id, event, props, visitor_id, session_id, url, country, region, city)
        SELECT account_id, api_key_id, event, props, visitor_id, session_id, url, country, region, city
        FROM unnest(${col('accountId')}::text[], ${col('apiKeyId')}::int[], ${col('event')}::text[],
                    ${batch.map((b) => JSON.stringify(b.data.props))}::jsonb[], ${col('visitorId')}::text[],
                    ${col('sessionId')}::text[], ${col('url')}::text[], ${col('country')}::text[],
                    ${col('region')}::text[], ${col('city')}::text[])
             WITH ORDINALITY AS t(account_id, api_key_id, event, props, visitor_id, session_id, url, country, region, city, ord)
        ORDER BY ord
        RETURNING id`,
      );
      // Ids come from one sequence in insertion order: the n-th smallest is the n-th row.
      const ids = rows.map((r) => BigInt(r.id)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      batch.forEach((b, i) => b.resolve(ids[i]!));
    } catch (error) {
      for (const b of batch) b.reject(error);
    }
  }

  function flush(): void {
    const batch = pending;
    pending = [];
    if (batch.length) void write(batch);
  }

  return {
    /** Stores one event (batched with concurrent ones); resolves with its id once committed. */
    insert(data: NewTrackEvent): Promise<bigint> {
      return new Promise((resolve, reject) => {
        if (!pending.length) setImmediate(flush);
        pending.push({ data, resolve, reject });
        if (pending.length >= MAX_BATCH) flush();
      });
    },
  };
}
