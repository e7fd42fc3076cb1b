// Sign-in rules: e-mail and password checks, the per-address and per-e-mail attempt limits and the
// lockout after consecutive failures (docs/dashboard.md).
import ipaddr from 'ipaddr.js';
import { AppError } from '../../errors.ts';

export type DashboardRole = 'owner' | 'member';
export const DASHBOARD_ROLES: readonly DashboardRole[] = ['owner', 'member'];

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;
/** Sign-in attempts per client address and per e-mail in a rolling minute (the rate-limit store). */
export const SIGN_IN_LIMITS = { perAddress: 30, perEmail: 20, windowMs: 60_000 } as const;
/**
 * Consecutive failures that lock an e-mail, and for how long. Failures are forgotten after a day
 * without one (for every e-mail alike, so that the rule tells nothing about which ones exist; the
 * rows of unknown e-mails are deleted then).
 */
export const LOCKOUT = { afterFailures: 10, minutes: 15, forgetAfterHours: 24 } as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The stored form of an e-mail (trimmed, lower-case), or invalid_parameter. */
export function normalizeEmail(email: string, param = 'email'): string {
  const normal = email.trim().toLowerCase();
  if (normal.length > 254 || !EMAIL.test(normal)) throw new AppError('invalid_parameter', 'Give a valid e-mail address.', { param });
  return normal;
}

export function checkNewPassword(password: string, param = 'newPassword'): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new AppError('invalid_parameter', `The password must have at least ${MIN_PASSWORD_LENGTH} characters.`, { param });
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new AppError('invalid_parameter', `The password must have at most ${MAX_PASSWORD_LENGTH} characters.`, { param });
  }
}

export interface FailureState {
  failedAttempts: number;
  lockedUntil: Date | null;
  lastFailedAt: Date | null;
}

/** Seconds the e-mail stays locked, or 0. */
export function lockedForSeconds(state: FailureState | null, now: Date): number {
  if (!state?.lockedUntil || state.lockedUntil <= now) return 0;
  return Math.ceil((state.lockedUntil.getTime() - now.getTime()) / 1000);
}

/** Failures older than this are forgotten. */
export const forgetFailuresBefore = (now: Date): Date => new Date(now.getTime() - LOCKOUT.forgetAfterHours * 3_600_000);

/** What recordFailure needs to count a failure in the database: the tenth consecutive one locks for LOCKOUT.minutes, failures a day old are forgotten. */
export interface FailureLock {
  forgetBefore: Date;
  afterFailures: number;
  until: Date;
}

export const failureLock = (now: Date): FailureLock => ({
  forgetBefore: forgetFailuresBefore(now),
  afterFailures: LOCKOUT.afterFailures,
  until: new Date(now.getTime() + LOCKOUT.minutes * 60_000),
});

/**
 * The client an address's sign-in limit counts against: an IPv4 address itself (an IPv4-mapped
 * IPv6 one as IPv4), an IPv6 address by its /64 (one host usually holds a whole /64, so counting
 * single addresses would let it try 2^64 times as often).
 */
export function signInClient(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}
