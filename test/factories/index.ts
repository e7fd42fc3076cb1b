// Factories: small accounts built through the same Prisma client the service uses.
import { randomBytes } from 'node:crypto';
import type { PrismaClient } from '../../src/db/client.ts';
import { accountsService } from '../../src/domain/accounts/index.ts';

export async function makeAccount(prisma: PrismaClient, overrides: { name?: string; plan?: string; timezone?: string } = {}) {
  return accountsService(prisma).createAccount({
    name: overrides.name ?? `Test ${randomBytes(3).toString('hex')}`,
    plan: overrides.plan,
    timezone: overrides.timezone,
  });
}

let sequence = 0;

export async function makeCustomer(
  prisma: PrismaClient,
  accountId: string,
  overrides: { email?: string; source?: 'shopify' | 'woo_commerce' | 'mercado_libre' } = {},
) {
  const n = ++sequence;
  const email = overrides.email ?? `customer${n}@example.com`;
  const source = overrides.source ?? 'shopify';
  const sourceId = source.replace('_', '-');
  return prisma.customer.create({
    data: { accountId, email, name: `Customer ${n}`, source, externalId: `${sourceId}:test-store:${email}`, city: 'Austin', country: 'US' },
  });
}

export async function makeOrder(
  prisma: PrismaClient,
  accountId: string,
  customerId: number | null,
  values: { total: number; refunded?: number; placedAt: Date; status?: 'paid' | 'refunded' | 'partially_refunded' | 'cancelled' },
) {
  const n = ++sequence;
  return prisma.order.create({
    data: {
      accountId,
      customerId,
      source: 'shopify',
      externalId: `T-${n}`,
      status: values.status ?? 'paid',
      subtotal: values.total,
      totalAmount: values.total,
      refundedAmount: values.refunded ?? 0,
      placedAt: values.placedAt,
    },
  });
}
