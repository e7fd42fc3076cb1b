// Rows written straight to the tables, for state the public surface cannot reach in a test: what a
// store sync, a past job run or an earlier delivery would have left behind. Tests call these
// instead of writing through Prisma themselves, so the table shapes live here only.
import type { Prisma, PrismaClient } from '../../src/db/client.ts';

type Id = Prisma.CustomerWhereUniqueInput['id'];

// ---- customers and orders (as the store sync writes them) ----
export const makeCustomers = (prisma: PrismaClient, data: Prisma.CustomerCreateManyInput[]) => prisma.customer.createMany({ data });
export const updateCustomer = (prisma: PrismaClient, id: Id, data: Prisma.CustomerUncheckedUpdateInput) => prisma.customer.update({ where: { id }, data });
/** Overwrites the stored metrics of every customer of the account. */
export const updateAccountCustomers = (prisma: PrismaClient, accountId: string, data: Prisma.CustomerUncheckedUpdateInput) =>
  prisma.customer.updateMany({ where: { accountId }, data });
export const deleteCustomer = (prisma: PrismaClient, id: Id) => prisma.customer.delete({ where: { id } });
export const makeOrders = (prisma: PrismaClient, data: Prisma.OrderCreateManyInput[]) => prisma.order.createMany({ data });
export const updateOrder = (prisma: PrismaClient, id: Id, data: Prisma.OrderUncheckedUpdateInput) => prisma.order.update({ where: { id }, data });
export const deleteOrder = (prisma: PrismaClient, id: Id) => prisma.order.delete({ where: { id } });

// ---- analytics rows ----
export const updateInsight = (prisma: PrismaClient, id: Id, data: Prisma.InsightUncheckedUpdateInput) => prisma.insight.update({ where: { id }, data });
/** Overwrites the insights of one category of the account. */
export const updateInsightsOfCategory = (prisma: PrismaClient, accountId: string, category: 'churn_risk', data: Prisma.InsightUncheckedUpdateInput) =>
  prisma.insight.updateMany({ where: { accountId, category }, data });
export const updateInventoryItem = (prisma: PrismaClient, id: Id, data: Prisma.InventoryItemUncheckedUpdateInput) =>
  prisma.inventoryItem.update({ where: { id }, data });
export const makeAdSpendRow = (prisma: PrismaClient, data: Prisma.AdSpendUncheckedCreateInput) => prisma.adSpend.create({ data });

// ---- integrations, credits, job runs ----
export const makeIntegration = (prisma: PrismaClient, data: Prisma.IntegrationUncheckedCreateInput) => prisma.integration.create({ data });
export const makeIntegrations = (prisma: PrismaClient, data: Prisma.IntegrationCreateManyInput[]) => prisma.integration.createMany({ data });
export const makeCreditTransaction = (prisma: PrismaClient, data: Prisma.CreditTransactionUncheckedCreateInput) => prisma.creditTransaction.create({ data });
export const makeCreditTransactions = (prisma: PrismaClient, data: Prisma.CreditTransactionCreateManyInput[]) => prisma.creditTransaction.createMany({ data });
export const makeJobRun = (prisma: PrismaClient, data: Prisma.JobRunUncheckedCreateInput) => prisma.jobRun.create({ data });
export const deleteJobRuns = (prisma: PrismaClient, job: string) => prisma.jobRun.deleteMany({ where: { job } });

// ---- webhooks: subscriptions, outbox events and deliveries as the dispatcher leaves them ----
export const makeWebhookSubscription = (prisma: PrismaClient, data: Prisma.WebhookSubscriptionUncheckedCreateInput) =>
  prisma.webhookSubscription.create({ data });
export const updateWebhookSubscription = (prisma: PrismaClient, id: Id, data: Prisma.WebhookSubscriptionUncheckedUpdateInput) =>
  prisma.webhookSubscription.update({ where: { id }, data });
export const makeOutboxEvent = (prisma: PrismaClient, data: Prisma.OutboxEventUncheckedCreateInput) => prisma.outboxEvent.create({ data });
export const makeWebhookDelivery = (prisma: PrismaClient, data: Prisma.WebhookDeliveryUncheckedCreateInput) => prisma.webhookDelivery.create({ data });
export const updateWebhookDelivery = (
  prisma: PrismaClient,
  id: Prisma.WebhookDeliveryWhereUniqueInput['id'],
  data: Prisma.WebhookDeliveryUncheckedUpdateInput,
) => prisma.webhookDelivery.update({ where: { id }, data });
