import { startTestApp } from '../test/helpers/app.ts';
import { databaseTargets } from '../test/helpers/databases.ts';
import { makeAccount, makeCustomer } from '../test/factories/index.ts';
import { makeOrders } from '../test/factories/rows.ts';
const database = await databaseTargets()[0]!.create();
const app = await startTestApp(database, {});
const p = app.db.prisma;
const warm = await makeAccount(p, { name: 'w' });
const wc = await makeCustomer(p, warm.id);
if (process.argv[3] !== 'nowarm') for (let i = 0; i < 10; i++) await makeOrders(p, [{ accountId: warm.id, customerId: wc.id, source: 'shopify', externalId: 'w' + i, subtotal: 1, totalAmount: 1, placedAt: new Date() }]);
const bulk = await makeAccount(p, { name: 'Import' });
let t = performance.now();
await p.$executeRawUnsafe(`INSERT INTO customers (account_id, email, name, source, external_id, updated_at)
       SELECT $1, 'i' || g || '@example.com', 'Imported ' || g, 'shopify', 'shopify:i' || g, now() FROM generate_series(1, ${process.argv[2] ?? 2000}) g`, bulk.id);
console.log('customers', performance.now() - t); t = performance.now();
await p.$executeRawUnsafe(`INSERT INTO orders (account_id, customer_id, source, external_id, subtotal, total_amount, placed_at)
       SELECT $1, c.id, (ARRAY['shopify','woo-commerce','mercado-libre'])[1 + (c.id + k) % 3]::"CommerceSource", 'i-' || c.id || '-' || k, 5, 5,
              timestamptz '2026-03-01 12:00:00+00' + ((c.id * 7 + k * 13) % 40) * interval '1 day'
       FROM customers c CROSS JOIN generate_series(1, 2) k WHERE c.account_id = $1`, bulk.id);
console.log('orders', performance.now() - t);
await app.close(); await database.close();
