// Idempotency-Key on every authenticated POST of both doors, applied once here (no route knows):
// after authentication, the rate limit, the scope and the body checks (a request refused there
// never claims a key), the key is claimed or its stored answer replayed (status, body and the
// headers below, with Idempotent-Replayed: true); when the request's answer is sent it is kept for
// replay (below 500) or the key released (5xx). The rules live in src/domain/idempotency.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { idempotencyRequestHash, markShownOnce, parseIdempotencyKey, type EffectLedger, type IdempotencyTicket } from '../domain/idempotency/index.ts';

/** Headers that are part of an answer (kept and replayed); rate-limit and request-id headers are fresh on every request. */
const KEPT_HEADERS = ['content-type', 'location', 'deprecation', 'sunset', 'link', 'x-next-cursor'];

const tickets = new WeakMap<FastifyRequest, IdempotencyTicket>();

/** The request's Idempotency-Key claim, for the writes that record their effects on it (null without a key). */
export function idempotencyEffects(request: FastifyRequest): EffectLedger | null {
  return tickets.get(request)?.effects ?? null;
}

/** Says that the request's answer carries `secret`, shown once: a kept answer never holds it as it is (src/domain/idempotency/answers.ts). */
export function shownOnce(request: FastifyRequest, secret: string | null | undefined): void {
  markShownOnce(idempotencyEffects(request), secret);
}

export function applyIdempotencyKeys(app: FastifyInstance, services: Pick<Services, 'idempotency'>): void {
  app.addHook('preHandler', async (request, reply) => {
    // No caller, or an anonymous GraphQL status read (no account to keep an answer under, nothing to replay).
    if (request.method !== 'POST' || !request.principal || request.principal.kind === 'anonymous') return;
    const key = parseIdempotencyKey(request.headers['idempotency-key']);
    if (key === null) return;
    const hash = idempotencyRequestHash(request.method, request.url, request.body);
    const start = await services.idempotency.start(request.principal, key, hash);
    if (start.kind === 'replay') {
      reply.code(start.answer.status).headers(start.answer.headers).header('idempotent-replayed', 'true');
      return reply.send(start.answer.body);
    }
    tickets.set(request, start.ticket);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const ticket = tickets.get(request);
    if (!ticket) return payload;
    tickets.delete(request);
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    try {
      await services.idempotency.finish(ticket, body === null ? null : { status: reply.statusCode, headers, body });
    } catch (error) {
      // The answer still goes out; the service writes it (or the release) at its next start.
      request.log.warn({ err: error }, 'idempotency: answer not recorded yet (database unavailable); kept to write later');
    }
    return payload;
  });
}
