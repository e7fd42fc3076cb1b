// What each dashboard role may do, by action: one table for every door that accepts a dashboard
// session (today GraphQL; REST never takes a session). Owners may do everything; a member may do
// the day-to-day triage of what the service found (docs/dashboard.md), and every other change
// (API keys, webhook subscriptions, AI spending, contacts, users, settings) is an owner's. Roles
// bind dashboard users only: API keys and external session JWTs act as the account.
import type { DashboardRole } from './rules.ts';

/** The actions a member's session may take. */
export const MEMBER_ACTIONS = [
  'insights.setStatus',
  'insights.generate',
  'reorders.setStatus',
  'webhooks.test',
  'webhooks.resendDelivery',
  'webhooks.recoverDeliveries',
] as const;

export type MemberAction = (typeof MEMBER_ACTIONS)[number];
/** An action a door asks about: a member action, or anything that administers the account. */
export type DashboardAction = MemberAction | 'administer';

const memberActions: ReadonlySet<string> = new Set(MEMBER_ACTIONS);

/** Whether a caller with this role (null or undefined: not a dashboard user) may take the action. */
export function roleMay(role: DashboardRole | null | undefined, action: DashboardAction): boolean {
  return role !== 'member' || memberActions.has(action);
}
