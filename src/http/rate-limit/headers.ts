// The rate-limit response headers (decisions.md, "Rate limit"), lowercase as Node sends them.
import type { RateLimitResult } from './store.ts';

export function rateLimitHeaders(r: RateLimitResult): Record<string, string> {
  const headers: Record<string, string> = {
    'x-ratelimit-limit': String(r.limit),
    'x-ratelimit-remaining': String(r.remaining),
    // Rounded up: a client that waits until this second finds the budget restored.
    'x-ratelimit-reset': String(Math.ceil(r.resetAtMs / 1000)),
  };
  if (!r.allowed) headers['retry-after'] = String(Math.max(1, Math.ceil(r.retryAfterMs / 1000)));
  return headers;
}
