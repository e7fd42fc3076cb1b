// `npm run sim:shopify`: the Shopify simulator (full.ts) on a fixed port with one generated store,
// for a person to click "Connect Shopify" on `npm start` (docs/connectors/shopify.md,
// "Trying it with the simulator"). Prints the lines to put in .env. Places live orders over time
// (--live-orders-per-minute, default 2; 0 turns it off), delivered as orders/create to the
// subscriptions the app registered once connected, and prints each. Stops on Ctrl-C.
//   npm run sim:shopify -- [--port 4100] [--shop demo-store.myshopify.com] [--orders 500] [--seed 1] [--public-url http://127.0.0.1:3000] [--live-orders-per-minute 2]
import { parseArgs } from 'node:util';
import { startFullShopifySimulator } from './full.ts';
import { orderTotals } from './store.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4100' },
    shop: { type: 'string', default: 'demo-store.myshopify.com' },
    orders: { type: 'string', default: '500' },
    seed: { type: 'string', default: '1' },
    'public-url': { type: 'string', default: 'http://127.0.0.1:3000' },
    'api-key': { type: 'string', default: 'sim-api-key' },
    'api-secret': { type: 'string', default: 'sim-api-secret' },
    'live-orders-per-minute': { type: 'string', default: '2' },
  },
});

const fail = (message: string): never => {
  console.error(`sim:shopify: ${message}`);
  process.exit(2);
};
const port = Number(values.port);
const orders = Number(values.orders);
const seed = Number(values.seed);
const perMinute = Number(values['live-orders-per-minute']);
if (!Number.isInteger(port) || port < 1 || port > 65535) fail('--port must be a port number');
if (!Number.isInteger(orders) || orders < 1 || orders > 1_000_000) fail('--orders must be from 1 to 1,000,000');
if (!Number.isInteger(seed)) fail('--seed must be an integer');
if (!Number.isInteger(perMinute) || perMinute < 0 || perMinute > 600) fail('--live-orders-per-minute must be from 0 to 600');
if (!/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/.test(values.shop)) fail('--shop must be a shop domain, name.myshopify.com');

const sim = await startFullShopifySimulator({
  apiKey: values['api-key'],
  apiSecret: values['api-secret'],
  port,
  deliveries: {
    onAttempt: (a) => {
      if (a.status === null || a.status < 200 || a.status > 299)
        console.log(`${a.topic} to ${a.callbackUrl}: attempt ${a.attempt} failed (${a.status ?? a.error})`);
    },
  },
});
const store = sim.addStore(values.shop, { seed, orders, days: 365 });

console.log(`Shopify simulator on ${new URL(sim.server.shopUrl('x')).origin}: store ${values.shop}, ${store.orders.length} orders, seed ${seed}.
Put these lines in .env (then npm start), sign in as an owner, open Integrations and connect ${values.shop}:

SHOPIFY_BASE_URL=${sim.baseUrlTemplate}
SHOPIFY_API_KEY=${values['api-key']}
SHOPIFY_API_SECRET=${values['api-secret']}
PUBLIC_URL=${values['public-url']}

${
  perMinute
    ? `A live order is placed ${perMinute} times a minute and sent as orders/create to the webhook subscriptions the app registers when it connects (a refused delivery is retried up to 8 times, 1 s doubling).`
    : 'No live orders (--live-orders-per-minute 0).'
}
Ctrl-C stops the simulator (the store is generated again from the seed at the next start).`);

const money = (cents: number) => `${store.currency} ${(cents / 100).toFixed(2)}`;
const live = perMinute
  ? setInterval(() => {
      const { order, delivered } = sim.createOrder(values.shop);
      const what = `live order ${order.name} (id ${order.id}, ${money(orderTotals(order).total)})`;
      void delivered.then((outcomes) => {
        if (!outcomes.length) console.log(`${what}: no orders/create subscription yet (a backfill will read it)`);
        else console.log(`${what}: orders/create ${outcomes.join(', ')}`);
      });
    }, 60_000 / perMinute)
  : undefined;

const stop = () => {
  clearInterval(live);
  void sim.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
