// What the Shopify connector needs from the process: the configuration and the domain services.
// A Core (src/main.ts) is one; so is what a job or an HTTP route has.
import type { Config } from '../../config.ts';
import type { Services } from '../../services.ts';

export interface ShopifyCore {
  config: Readonly<Config>;
  services: Services;
}
