// Webhook operations: the delivery log (WebhookSubscription.deliveries, webhookDelivery), resend,
// recover, the test event, secret rotation and re-enabling. Each resolver is one service call.
import type { Resolvers } from '../__generated__/resolvers.ts';
import { ok } from '../user-errors.ts';
import { markShownOnce } from '../../domain/idempotency/index.ts';
import { AppError } from '../../errors.ts';
import { connection, idCursors, parseId } from '../connection.ts';
import { parseNodeKey, toGlobalId } from '../global-id.ts';
import type { WebhookDeliveryView } from '../../domain/webhooks/index.ts';

const deliveryCursor = idCursors('webhook_delivery');

/** The log's row id as a cursor value (row ids stay far below 2^31 in practice; larger ones are refused). */
const rowCursor = (d: WebhookDeliveryView) => deliveryCursor.encode(Number(d.rowId));

const STATUS_NAMES = new Set(['pending', 'delivered', 'failed', 'cancelled']);

export const webhookResolvers: Resolvers = {
  Query: {
    async webhookDelivery(_parent, { id }, { principal, services }) {
      try {
        return await services.webhooks.getDelivery(principal.accountId, parseNodeKey(id, 'WebhookDelivery'));
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found') return null;
        throw error;
      }
    },
  },
  WebhookSubscription: {
    async deliveries(w, args, { principal, services }) {
      if (args.status != null && !STATUS_NAMES.has(args.status)) throw new AppError('invalid_parameter', 'status: not a delivery status', { param: 'status' });
      const filter = { event: args.event ?? undefined, status: args.status ?? undefined, since: args.since ?? undefined };
      const page = await services.webhooks.deliveriesPage(
        principal.accountId,
        w.id,
        { first: args.first, last: args.last, after: deliveryCursor.decode(args.after, 'after'), before: deliveryCursor.decode(args.before, 'before') },
        filter,
      );
      // The page's attempts in one read, whether or not the query asks for them.
      const attempts = await services.webhooks.attemptsOf(page.items.map((d) => d.rowId));
      const withAttempts = { ...page, items: page.items.map((d) => ({ ...d, attemptLog: attempts.get(d.rowId) ?? [] })) };
      return connection(withAttempts, rowCursor, () => services.webhooks.countDeliveries(principal.accountId, w.id, filter));
    },
  },
  WebhookDeliveryConnection: { totalCount: (c) => c.totalCount() },
  WebhookDelivery: {
    attemptCount: (d) => d.attempts,
    async attempts(d, _args, { services }) {
      return d.attemptLog ?? (await services.webhooks.attemptsOf([d.rowId])).get(d.rowId) ?? [];
    },
  },
  Mutation: {
    async resendWebhookDelivery(_parent, { input }, { principal, services }) {
      return ok({ delivery: await services.webhooks.resendDelivery(principal.accountId, parseNodeKey(input.id, 'WebhookDelivery')) });
    },
    async recoverWebhookDeliveries(_parent, { input }, { principal, services }) {
      const { queued } = await services.webhooks.recoverDeliveries(
        principal.accountId,
        parseId(input.webhookId, 'WebhookSubscription', 'webhookId'),
        input.since,
      );
      return ok({ queued });
    },
    async testWebhook(_parent, { input }, { principal, services }) {
      return ok(await services.webhooks.sendTestEvent(principal.accountId, parseId(input.id, 'WebhookSubscription')));
    },
    async rotateWebhookSecret(_parent, { input }, { principal, services, idempotency }) {
      const rotated = await services.webhooks.rotateSecret(principal.accountId, parseId(input.id, 'WebhookSubscription'), input.gracePeriodHours ?? undefined);
      markShownOnce(idempotency, rotated.secret);
      return ok({ webhookId: toGlobalId('WebhookSubscription', rotated.id), secret: rotated.secret, previousSecretExpiresAt: rotated.previousSecretExpiresAt });
    },
    async enableWebhook(_parent, { input }, { principal, services }) {
      return ok({ webhook: await services.webhooks.enableWebhook(principal.accountId, parseId(input.id, 'WebhookSubscription')) });
    },
  },
};
