// The Shopify simulator (in-process): the HTTP server with its route table, the OAuth endpoints,
// and the webhook sender. Start it in a test's beforeAll and point SHOPIFY_BASE_URL at baseUrlTemplate.
import { startSimServer, type SimServer } from './server.ts';
import { mountOAuth, type OAuthOptions, type OAuthSim } from './oauth.ts';

export * from './server.ts';
export * from './oauth.ts';
export * from './webhooks.ts';

export interface ShopifySimulator {
  server: SimServer;
  oauth: OAuthSim;
  baseUrlTemplate: string;
  close(): Promise<void>;
}

export async function startShopifySimulator(options: OAuthOptions): Promise<ShopifySimulator> {
  const server = await startSimServer();
  const oauth = mountOAuth(server, options);
  return { server, oauth, baseUrlTemplate: server.baseUrlTemplate, close: () => server.close() };
}
