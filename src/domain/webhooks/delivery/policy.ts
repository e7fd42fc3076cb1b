// The decided delivery policy (decisions.md, "Webhooks"): retry schedule, jitter, deactivation,
// deadline and answer size; and the boot warnings for the test-only settings.

/** Waits after failed attempts 1..6 (decided): 1 min, 5 min, 30 min, 2 h, 6 h, 12 h; 7 attempts in all. */
export const BACKOFF_MS = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 43_200_000] as const;
export const MAX_ATTEMPTS = BACKOFF_MS.length + 1;
/** Jitter: each wait is lengthened by up to this fraction (never shortened), spreading retries. */
export const JITTER = 0.1;
/** fail_count (consecutive failed attempts) at which a subscription is deactivated. */
export const DEACTIVATE_AT_FAIL_COUNT = 20;
export const DEFAULT_TIMEOUT_MS = 10_000;
export const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * After a local signal, idle rounds look again after these waits (about 34 s in all): the signal
 * comes before the writer's transaction commits, and on a loaded machine the commit can take far
 * longer than a few milliseconds. Each look is one index probe; the poll stays the safety net.
 */
export const FOLLOW_UPS_MS = [5, 20, 60, 150, 400, 1_000, 2_500, 5_000, 10_000, 15_000];

/** The wait before the attempt after failed attempt `attemptNo` (1-based), or null when it was the last. */
export function retryDelayMs(attemptNo: number, random: () => number = Math.random): number | null {
  const base = BACKOFF_MS[attemptNo - 1];
  if (base === undefined) return null;
  return Math.round(base * (1 + JITTER * random()));
}

/** Warnings to log at boot when the test-only webhook settings are set. */
export function webhookSettingWarnings(settings: { allowPrivateHosts: readonly string[]; extraCaFile: string | null }): string[] {
  const warnings: string[] = [];
  if (settings.allowPrivateHosts.length) {
    warnings.push(
      `WARNING: WEBHOOK_ALLOW_PRIVATE_HOSTS is set (${settings.allowPrivateHosts.join(', ')}): webhooks to these hosts skip the address-safety check and may reach loopback or private networks. For tests only.`,
    );
  }
  if (settings.extraCaFile) {
    warnings.push(`WARNING: WEBHOOK_EXTRA_CA_FILE is set (${settings.extraCaFile}): webhook deliveries also trust this CA. For tests only.`);
  }
  return warnings;
}
