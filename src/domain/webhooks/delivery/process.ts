// The dispatcher as `svc worker` and `svc start` run it: configured from Config, warning at boot
// about the test-only settings (also under `svc serve`, which registers URLs with them but does not
// deliver), stopped within a bound that leaves the rest of the shutdown time.
import type { Config } from '../../../config.ts';
import type { PrismaClient } from '../../../db/client.ts';
import { webhookDispatcher, webhookSettingWarnings } from './dispatcher.ts';

export function startWebhookDispatcher(config: Readonly<Config>, prisma: PrismaClient, log: (message: string) => void, run = true) {
  for (const warning of webhookSettingWarnings(config.webhooks)) log(warning);
  if (!run) return { stop: async () => {} };
  const dispatcher = webhookDispatcher({ prisma, log, allowHosts: config.webhooks.allowPrivateHosts, extraCa: config.webhooks.extraCa });
  dispatcher.start();
  return {
    /** Waits for sends in flight up to half the shutdown budget; the rest are retried after their lease. */
    stop: () => dispatcher.stop(Math.floor(config.shutdownTimeoutMs / 2)),
  };
}
