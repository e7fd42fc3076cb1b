// AI access: enabled or paused (rest-api-v1.md "AI access"). An admin pauses and resumes; the
// monthly quota check warns once per month and severity (usage.threshold_crossed) and, when the
// account asked for it, pauses automatically at the critical threshold. While paused, every debit
// is refused with payment_required (the credits ledger checks the state in the debit's
// transaction).
import type { PrismaClient } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { domainEvent } from '../events/catalog.ts';
import type { UsageService } from '../usage/service.ts';
import { aiAccessRepo } from './repo.ts';

/** Who pauses automatically (ai.paused `by` with by_kind system). */
export const QUOTA_ACTOR = 'ai-quota';
const MAX_REASON = 500;
const MAX_THRESHOLD_USD = 1_000_000;

export interface AiAccessView {
  accountId: string;
  state: 'enabled' | 'paused';
  reason: string | null;
  changedBy: string | null;
  changedByKind: 'admin' | 'system' | null;
  changedAt: Date | null;
  autoPause: boolean;
  warningThresholdUsd: number;
  criticalThresholdUsd: number;
}

export interface QuotaCheck {
  month: string;
  costUsd: number;
  /** Severities whose usage.threshold_crossed this check emitted (each once per month). */
  notified: Array<'warning' | 'critical'>;
  paused: boolean;
}

function actor(by: string | undefined): string {
  const value = (by ?? '').trim();
  if (!value || value.length > 200) throw new AppError('invalid_parameter', 'by must name the admin (1 to 200 characters)', { param: 'by' });
  return value;
}

function reasonText(reason: string | null | undefined): string | null {
  const value = reason?.trim() || null;
  if (value && value.length > MAX_REASON) throw new AppError('invalid_parameter', `reason is at most ${MAX_REASON} characters`, { param: 'reason' });
  return value;
}

export function aiAccessService(prisma: PrismaClient, deps: { usage: UsageService }) {
  const repo = aiAccessRepo(prisma);

  async function get(accountId: string): Promise<AiAccessView> {
    const row = await repo.get(accountId);
    if (!row) throw new AppError('not_found', `no account ${accountId}`);
    return {
      accountId,
      state: row.state,
      reason: row.reason,
      changedBy: row.changedBy,
      changedByKind: row.changedByKind,
      changedAt: row.changedAt,
      autoPause: row.autoPause,
      warningThresholdUsd: Number(row.warningThresholdUsd),
      criticalThresholdUsd: Number(row.criticalThresholdUsd),
    };
  }

  return {
    get,

    /** Admin pause (enabled -> paused) with ai.paused (by_kind admin); conflict when already paused. */
    async pause(accountId: string, input: { by: string; reason?: string | null }, at = new Date()): Promise<AiAccessView> {
      await get(accountId);
      const by = actor(input.by);
      const reason = reasonText(input.reason) ?? 'paused by an administrator';
      const changed = await repo.changeState(accountId, { to: 'paused', reason, by, byKind: 'admin', at }, [
        domainEvent('ai.paused', { action: 'pause', reason, by, by_kind: 'admin', ts: at.toISOString() }),
      ]);
      if (!changed) throw new AppError('conflict', 'AI access is already paused');
      return get(accountId);
    },

    /** Admin resume (paused -> enabled) with ai.resumed; conflict when not paused. */
    async resume(accountId: string, input: { by: string; reason?: string | null }, at = new Date()): Promise<AiAccessView> {
      await get(accountId);
      const by = actor(input.by);
      const reason = reasonText(input.reason);
      const changed = await repo.changeState(accountId, { to: 'enabled', reason, by, byKind: 'admin', at }, [
        domainEvent('ai.resumed', { action: 'resume', reason, by, by_kind: 'admin', ts: at.toISOString() }),
      ]);
      if (!changed) throw new AppError('conflict', 'AI access is not paused');
      return get(accountId);
    },

    /** Per-account quota settings: automatic pausing and the two thresholds (USD). */
    async configure(accountId: string, settings: { autoPause?: boolean; warningThresholdUsd?: number; criticalThresholdUsd?: number }): Promise<AiAccessView> {
      const current = await get(accountId);
      for (const param of ['warningThresholdUsd', 'criticalThresholdUsd'] as const) {
        const v = settings[param];
        if (v !== undefined && !(Number.isFinite(v) && v > 0 && v <= MAX_THRESHOLD_USD)) {
          throw new AppError('invalid_parameter', `${param} must be a positive amount of at most ${MAX_THRESHOLD_USD}`, { param });
        }
      }
      const warning = settings.warningThresholdUsd ?? current.warningThresholdUsd;
      const critical = settings.criticalThresholdUsd ?? current.criticalThresholdUsd;
      if (warning > critical)
        throw new AppError('invalid_parameter', 'the warning threshold cannot be above the critical one', { param: 'warningThresholdUsd' });
      await repo.configure(accountId, settings);
      return get(accountId);
    },

    /**
     * The monthly cost check (job ai-quota): for each threshold the month's cost has reached,
     * usage.threshold_crossed once per month and severity; at the critical one, with automatic
     * pausing on and access enabled, ai.paused (by_kind system) in the same transaction.
     */
    async checkMonthlyQuota(accountId: string, now = new Date()): Promise<QuotaCheck> {
      const access = await get(accountId);
      const usage = await deps.usage.monthToDate(accountId, now);
      const result: QuotaCheck = { month: usage.month, costUsd: usage.costUsd, notified: [], paused: false };
      const levels = [
        { severity: 'warning' as const, threshold: access.warningThresholdUsd },
        { severity: 'critical' as const, threshold: access.criticalThresholdUsd },
      ];
      for (const { severity, threshold } of levels) {
        if (usage.costUsd < threshold) continue;
        const ts = now.toISOString();
        const crossed = domainEvent('usage.threshold_crossed', {
          month: usage.month,
          severity,
          cost_usd: usage.costUsd,
          tokens: usage.tokensIn + usage.tokensOut,
          requests: usage.requests,
          threshold_usd: threshold,
          ts,
        });
        const reason = `monthly AI cost ${usage.costUsd.toFixed(2)} USD reached the critical threshold of ${threshold.toFixed(2)} USD`;
        const pause =
          severity === 'critical' && access.autoPause
            ? {
                change: { to: 'paused' as const, reason, by: QUOTA_ACTOR, byKind: 'system' as const, at: now },
                events: [
                  domainEvent('ai.paused', {
                    action: 'pause',
                    reason,
                    by: QUOTA_ACTOR,
                    by_kind: 'system',
                    cost_usd: usage.costUsd,
                    threshold_usd: threshold,
                    ts,
                  }),
                ],
              }
            : null;
        const outcome = await repo.notifyOnce(accountId, { month: usage.month, severity, costUsd: usage.costUsd, at: now }, [crossed], pause);
        if (outcome.notified) result.notified.push(severity);
        result.paused ||= outcome.paused;
      }
      return result;
    },
  };
}

export type AiAccessService = ReturnType<typeof aiAccessService>;
