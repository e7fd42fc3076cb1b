// The access guard every door uses: authenticate (401s never spend a budget), spend one request
// of the caller's budget (REST and GraphQL share it), then check the scope. Rate-limit headers go
// on every answer to an authenticated request, 429s and 403s included. Public endpoints spend a
// per-client-address budget instead.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Services } from '../services.ts';
import type { Principal, ScopeName } from '../domain/auth/index.ts';
import { AppError } from '../errors.ts';
import { authorizationHeader } from './authorization.ts';
import { rateLimitHeaders, type RateLimitResult, type RateLimitStore } from './rate-limit/index.ts';
import { rateLimitRejections } from '../observability/metrics.ts';
import { logAccount } from '../observability/http.ts';

const WINDOW_MS = 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export function accessGuard(services: Pick<Services, 'auth'>, limiter: RateLimitStore, config: Readonly<Config>) {
  async function spend(reply: FastifyReply, budgetKey: string, limit: number): Promise<RateLimitResult> {
    const result = await limiter.hit(budgetKey, limit, WINDOW_MS);
    reply.headers(rateLimitHeaders(result));
    if (!result.allowed) {
      rateLimitRejections.inc({ budget: budgetKey.startsWith('ip:') ? 'public' : 'key' });
      throw new AppError('rate_limit_exceeded');
    }
    return result;
  }

  /** For a principal already authenticated (GraphQL calls this once per operation). */
  async function spendFor(reply: FastifyReply, principal: Principal): Promise<RateLimitResult> {
    return spend(reply, principal.budgetKey, config.rateLimit.perMinute);
  }

  /** For a caller without a credential: the per-client-address budget of the public routes. */
  async function spendPublic(reply: FastifyReply, address: string): Promise<RateLimitResult> {
    return spend(reply, `ip:${address}`, config.rateLimit.publicPerMinute);
  }

  return {
    spendFor,
    spendPublic,
    /** One attempt against a limit of its own (sign-in): 429 too_many_attempts with Retry-After when over. */
    async attempt(key: string, limit: number, windowMs: number): Promise<void> {
      const result = await limiter.hit(key, limit, windowMs);
      if (!result.allowed) {
        rateLimitRejections.inc({ budget: 'sign_in' });
        throw new AppError('too_many_attempts', undefined, { retryAfterSeconds: Math.max(1, Math.ceil(result.retryAfterMs / 1000)) });
      }
    },
    /** onRequest hook for an authenticated route needing `scope` (before any body or query check). */
    requires(scope: ScopeName) {
      return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
        reply.header('cache-control', 'private, no-store');
        const principal = await services.auth.authenticate(authorizationHeader(request));
        request.principal = principal;
        logAccount(request, principal.accountId);
        await spendFor(reply, principal);
        services.auth.requireScope(principal, scope);
      };
    },
    /** onRequest hook for a public route: a budget per client address (see TRUSTED_PROXIES). */
    publicRoute() {
      return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
        await spendPublic(reply, request.ip);
      };
    },
  };
}

export type AccessGuard = ReturnType<typeof accessGuard>;
