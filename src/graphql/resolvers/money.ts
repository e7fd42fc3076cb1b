// The Money twins of the Decimal money fields (the Decimal ones are deprecated): the same exact
// value with two decimals and the currency, the account's (read once per request) or the order's.
import type { Resolvers } from '../__generated__/resolvers.ts';
import type { GraphQLContext } from '../context.ts';

/** An exact decimal (a string, a Prisma Decimal, or a number of cents-rounded sums) with two decimals. */
export function amountOf(value: { toString(): string } | number): string {
  if (typeof value === 'number') return value.toFixed(2);
  const text = value.toString();
  const match = /^(-?\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return text;
  const decimals = match[2] ?? '';
  return decimals.length >= 2 ? text : `${match[1]}.${decimals.padEnd(2, '0')}`;
}

type Amount = { toString(): string } | number;
const inAccountCurrency =
  <P>(pick: (parent: P) => Amount) =>
  async (parent: P, _args: unknown, { loaders }: GraphQLContext) => ({ amount: amountOf(pick(parent)), currencyCode: await loaders.currency() });

export const moneyResolvers: Resolvers = {
  Customer: {
    revenueTotalMoney: inAccountCurrency((c) => c.revenueTotal),
    ltvEstimateMoney: inAccountCurrency((c) => c.ltvEstimate),
    aovMoney: inAccountCurrency((c) => c.aov),
  },
  Order: {
    subtotalMoney: (o) => ({ amount: amountOf(o.subtotal), currencyCode: o.currency }),
    totalAmountMoney: (o) => ({ amount: amountOf(o.totalAmount), currencyCode: o.currency }),
    refundedAmountMoney: (o) => ({ amount: amountOf(o.refundedAmount), currencyCode: o.currency }),
  },
  ProfitSnapshot: {
    grossRevenueMoney: inAccountCurrency((s) => s.grossRevenue),
    refundsMoney: inAccountCurrency((s) => s.refunds),
    adSpendMoney: inAccountCurrency((s) => s.adSpend),
    cogsEstimateMoney: inAccountCurrency((s) => s.cogsEstimate),
    feesEstimateMoney: inAccountCurrency((s) => s.feesEstimate),
    shippingEstimateMoney: inAccountCurrency((s) => s.shippingEstimate),
    extraExpensesMoney: inAccountCurrency((s) => s.extraExpenses),
    netRevenueMoney: inAccountCurrency((s) => s.netRevenue),
    operationalProfitMoney: inAccountCurrency((s) => s.operationalProfit),
    finalProfitMoney: inAccountCurrency((s) => s.finalProfit),
  },
  ProfitTotals: {
    grossRevenueMoney: inAccountCurrency((t) => t.grossRevenue),
    adSpendMoney: inAccountCurrency((t) => t.adSpend),
    finalProfitMoney: inAccountCurrency((t) => t.finalProfit),
  },
};
