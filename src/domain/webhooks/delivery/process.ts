// The dispatcher as `svc worker` and `svc start` run it: configured from Config, woken by the
// outbox trigger's NOTIFY when the database is a PostgreSQL server (writers in other processes;
// the embedded database's shared session cannot LISTEN, and its writers are in this process),
// warning at boot about the test-only settings (also under `svc serve`, which registers URLs with
// them but does not deliver), stopped within a bound that leaves the rest of the shutdown time.
import type { Config } from '../../../config.ts';
import type { PrismaClient } from '../../../db/client.ts';
import { outboxNotifications } from '../../events/index.ts';
import { webhookDispatcher, webhookSettingWarnings } from './dispatcher.ts';
import { parseSecretKey, secretBox } from '../secret-box.ts';

export { outboxNotifications };

export function startWebhookDispatcher(config: Readonly<Config>, prisma: PrismaClient, log: (message: string) => void, run = true) {
  for (const warning of webhookSettingWarnings(config.webhooks)) log(warning);
  if (!run) return { stats: null, stop: async () => {} };
  const secrets = secretBox(config.webhooks.secretKey ? parseSecretKey(config.webhooks.secretKey) : null);
  const dispatcher = webhookDispatcher({
    prisma,
    log,
    allowHosts: config.webhooks.allowPrivateHosts,
    extraCa: config.webhooks.extraCa,
    secrets,
    ...(config.database.url ? { wakeups: outboxNotifications(config.database.url, log) } : {}),
  });
  dispatcher.start();
  return {
    /** Its attempt counters (reported by /metrics). */
    stats: dispatcher.stats,
    /** Waits for sends in flight up to half the shutdown budget; the rest are retried after their lease. */
    stop: () => dispatcher.stop(Math.floor(config.shutdownTimeoutMs / 2)),
  };
}
