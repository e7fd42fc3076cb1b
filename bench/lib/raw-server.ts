// The baseline for bench/rest: a minimal Fastify server with pg running the same SQL as the
// service's GET /api/v1/customers and POST /api/v1/track, with no auth, no rate limit, no ORM.
// Prints `API status   http://host:port/api/v1/status` when ready (the bench reads that line).
import Fastify from 'fastify';
import pg from 'pg';

const url = process.env.BENCH_DATABASE_URL!;
const accountId = process.env.BENCH_ACCOUNT_ID!;
const pool = new pg.Pool({ connectionString: url, max: 10 });
const app = Fastify({ logger: false });

app.get('/api/v1/status', async () => ({ status: 'operational' }));
app.get('/api/v1/customers', async () => {
  const { rows } = await pool.query(
    `SELECT id, email, name, source::text AS source, external_id, city, country, orders_count, revenue_total, ltv_estimate, aov,
            segment::text AS segment, churn_score, last_purchase_at, first_purchase_at, created_at
     FROM customers WHERE account_id = $1 ORDER BY id DESC LIMIT 26`,
    [accountId],
  );
  const data = rows.slice(0, 25).map((r) => ({
    ...r,
    revenue_total: Number(r.revenue_total),
    ltv_estimate: Number(r.ltv_estimate),
    aov: Number(r.aov),
    churn_score: Number(r.churn_score),
  }));
  return { data, pagination: { limit: 25, next_cursor: rows.length > 25 ? data[24]!.id : null, has_more: rows.length > 25 }, api_version: 'v1' };
});
app.post('/api/v1/track', async (request) => {
  const body = request.body as { event: string; props?: object; visitor_id?: string; session_id?: string; url?: string };
  const { rows } = await pool.query(
    `INSERT INTO track_events (account_id, event, props, visitor_id, session_id, url) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [accountId, body.event, JSON.stringify(body.props ?? {}), body.visitor_id ?? null, body.session_id ?? null, body.url ?? null],
  );
  return { ok: true, event_id: Number(rows[0].id), api_version: 'v1' };
});

await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as { port: number };
console.log(`  API status   http://127.0.0.1:${port}/api/v1/status`);
const stop = () =>
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
