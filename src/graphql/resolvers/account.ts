// Viewer, account, credits, API keys and the rate-limit budget.
import type { Resolvers } from '../__generated__/resolvers.ts';
import { AppError } from '../../errors.ts';
import { ok } from '../user-errors.ts';
import { markShownOnce } from '../../domain/idempotency/index.ts';
import { connection, idCursors, parseId } from '../connection.ts';

const transactionCursor = idCursors('credit_transaction');

/** The refund attribution's GraphQL values (SCREAMING_SNAKE_CASE) and the domain's. */
const ATTRIBUTION_OUT = { order_day: 'ORDER_DAY', refund_day: 'REFUND_DAY' } as const;
const ATTRIBUTION_IN = { ORDER_DAY: 'order_day', REFUND_DAY: 'refund_day' } as const;

export const accountResolvers: Resolvers = {
  Query: {
    viewer: (_parent, _args, { principal }) => ({ principal }),
    rateLimit: (_parent, _args, { rateLimit, cost }) => ({
      limit: rateLimit.limit,
      remaining: rateLimit.remaining,
      resetAtMs: rateLimit.resetAtMs,
      queryCost: cost.requested,
      // Set by the cost plugin before execution, which always runs before a resolver (zeros are unreachable).
      throttleStatus: cost.throttle ?? { maximumAvailable: 0, currentlyAvailable: 0, restoreRate: 0 },
    }),
  },
  Viewer: {
    account: ({ principal }, _args, { services }) => services.accounts.getAccount(principal.accountId),
    scopes: ({ principal }) => [...principal.scopes].sort(),
    credential: ({ principal }) => {
      // Unreachable: viewer needs read, which the anonymous principal never holds.
      if (principal.kind === 'anonymous') throw new AppError('missing_authorization');
      return principal.kind;
    },
    credits: ({ principal }, _args, { services }) => services.credits.getCreditBalance(principal.accountId),
    apiKeys: ({ principal }, _args, { services }) => (principal.kind === 'session' ? services.keys.listKeys(principal.accountId) : null),
  },
  Account: {
    refundAttribution: (a) => ATTRIBUTION_OUT[a.refundAttribution],
  },
  Credits: {
    autoTopup: (c) => ({
      enabled: c.autoTopupEnabled,
      threshold: c.autoTopupThreshold,
      topUpAmount: c.autoTopupAmount,
      lastChargedAt: c.autoTopupLastChargedAt,
    }),
    async transactions(c, args, { services }) {
      const page = await services.credits.transactionsPage(c.accountId, {
        first: args.first,
        last: args.last,
        after: transactionCursor.decode(args.after, 'after'),
        before: transactionCursor.decode(args.before, 'before'),
      });
      return connection(
        page,
        (t) => transactionCursor.encode(t.id),
        () => services.credits.countTransactions(c.accountId),
      );
    },
  },
  CreditTransactionConnection: { totalCount: (c) => c.totalCount() },
  CreditTransaction: {
    meta: (t) => (t.meta !== null && typeof t.meta === 'object' && !Array.isArray(t.meta) ? (t.meta as Record<string, unknown>) : {}),
  },
  RateLimit: {
    cost: () => 1,
    resetAt: (r) => new Date(r.resetAtMs),
  },
  Mutation: {
    async createApiKey(_parent, { input }, { principal, services, idempotency }) {
      const created = await services.keys.createKey({
        accountId: principal.accountId,
        scopes: input.scopes,
        environment: input.environment ?? 'test',
        expiresAt: input.expiresAt ?? null,
        name: input.name ?? '',
      });
      const { key, ...apiKey } = created;
      markShownOnce(idempotency, key);
      return ok({ apiKey, key });
    },
    async revokeApiKey(_parent, { input }, { principal, services }) {
      const { alreadyRevoked, ...apiKey } = await services.keys.revokeAccountKey(principal.accountId, parseId(input.id, 'ApiKey'));
      return ok({ apiKey, alreadyRevoked });
    },
    async setRefundAttribution(_parent, { input }, { principal, services }) {
      const set = await services.ingestion.setRefundAttribution(principal.accountId, ATTRIBUTION_IN[input.attribution]);
      return ok({ account: await services.accounts.getAccount(principal.accountId), changed: set.changed, markedDays: set.changes.days.length });
    },
    updateAutoTopup: async (_parent, { input }, { principal, services }) =>
      ok({ autoTopup: await services.credits.updateAutoTopup(principal.accountId, input) }),
  },
};
