// Accounts: the tenant every row belongs to.
import { AppError } from '../../errors.ts';
import type { PrismaClient } from '../../db/client.ts';
import { newAccountId } from '../shared/index.ts';
import { accountsRepo } from './repo.ts';

export const PLANS = ['free', 'starter', 'growth', 'scale'] as const;
export type PlanName = (typeof PLANS)[number];

export interface CreateAccountInput {
  name: string;
  plan?: string;
  currency?: string;
  timezone?: string;
}

export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export function accountsService(prisma: PrismaClient) {
  const repo = accountsRepo(prisma);
  return {
    async createAccount(input: CreateAccountInput) {
      const name = input.name.trim();
      if (!name || name.length > 200) throw new AppError('invalid_parameter', 'name: 1 to 200 characters', { param: 'name' });
      const plan = input.plan ?? 'free';
      if (!(PLANS as readonly string[]).includes(plan)) {
        throw new AppError('invalid_parameter', `plan: one of ${PLANS.join(', ')}`, { param: 'plan' });
      }
      const currency = (input.currency ?? 'USD').toUpperCase();
      if (!/^[A-Z]{3}$/.test(currency)) throw new AppError('invalid_parameter', 'currency: a three-letter code', { param: 'currency' });
      const timezone = input.timezone ?? 'UTC';
      if (!isValidTimeZone(timezone)) throw new AppError('invalid_parameter', 'timezone: an IANA time zone name', { param: 'timezone' });
      return repo.create({ id: newAccountId(), name, plan: plan as PlanName, currency, timezone });
    },
    async getAccount(id: string) {
      const account = await repo.getById(id);
      if (!account) throw new AppError('not_found', `no account ${id}`);
      return account;
    },
    countAccounts: () => repo.count(),
  };
}

export type AccountsService = ReturnType<typeof accountsService>;
