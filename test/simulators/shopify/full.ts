// The whole Shopify simulator on one server: part A's OAuth endpoints (authorize, token) and part
// B's Admin GraphQL endpoint with its bulk JSONL files, sharing the tokens (the Admin API accepts
// exactly the live access tokens the token endpoint issued) and the generated stores. What the
// dashboard test and `npm run sim:shopify` run; SHOPIFY_BASE_URL is baseUrlTemplate.
import { startSimServer, GRAPHQL_ROUTE, type SimServer } from './server.ts';
import { mountOAuth, type OAuthOptions, type OAuthSim } from './oauth.ts';
import { adminSimulator, type AdminSimulator, type AdminSimulatorOptions } from './admin.ts';
import { generateStore, type GenerateOptions, type SimStore } from './store.ts';

export interface FullShopifySimulator {
  server: SimServer;
  oauth: OAuthSim;
  admin: AdminSimulator;
  stores: Map<string, SimStore>;
  baseUrlTemplate: string;
  /** Generates a store for `shop` from a seed (store.ts) and serves it. */
  addStore(shop: string, options: GenerateOptions): SimStore;
  close(): Promise<void>;
}

export interface FullSimulatorOptions extends OAuthOptions {
  /** The port on 127.0.0.1 (default any free one). */
  port?: number;
  bucket?: AdminSimulatorOptions['bucket'];
}

export async function startFullShopifySimulator(options: FullSimulatorOptions): Promise<FullShopifySimulator> {
  const server = await startSimServer(options.port ?? 0);
  const oauth = mountOAuth(server, options);
  const stores = new Map<string, SimStore>();
  const origin = new URL(server.shopUrl('x')).origin;
  const admin = adminSimulator({
    stores,
    acceptsToken: (shop, token) => oauth.accessTokenValid(shop, token),
    publicBase: () => origin,
    ...(options.bucket ? { bucket: options.bucket } : {}),
  });
  server.addRawRoute('POST', GRAPHQL_ROUTE, (req, res, params) => admin.graphql(req, res, { shop: params.shop, version: params.version ?? '' }));
  server.addRawRoute('GET', '/bulk/:file', (req, res, params) =>
    admin.bulkFile(req, res, { shop: params.shop, id: (params.file ?? '').replace(/\.jsonl$/, '') }),
  );
  return {
    server,
    oauth,
    admin,
    stores,
    baseUrlTemplate: server.baseUrlTemplate,
    addStore(shop, generate) {
      const store = generateStore(shop, generate);
      stores.set(shop, store);
      return store;
    },
    close: () => server.close(),
  };
}
