// Registers a public GET route: no key, the per-address budget, CORS allow-all on every answer
// (errors too, so browsers can read them), the decided cache time on success and `no-store` on
// errors, and the CORS preflight. `_meta` carries the attribution the CC BY 4.0 license asks for.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccessGuard } from '../src/http/guard.ts';
import type { Services } from '../src/services.ts';
import type { RouteDoc } from './openapi/document.ts';
import { preflightHeaders, publicHeaders } from './public-headers.ts';
import { API_VERSION } from './serializers/common.ts';

export const LICENSE = 'CC BY 4.0';
export const LICENSE_URL = 'https://creativecommons.org/licenses/by/4.0/';
export const ATTRIBUTION = 'Commerce Analytics Service (https://creativecommons.org/licenses/by/4.0/)';

/** Cache times (decisions.md): incidents and uptime 60 s, other public content 300 s. */
export const CACHE = { live: 60, content: 300 } as const;

export interface PublicRouteOptions {
  doc: Omit<RouteDoc, 'auth'>;
  maxAge: number;
  querystring?: object;
}

type Handler<Q> = (request: FastifyRequest<{ Querystring: Q }>, reply: FastifyReply) => Promise<unknown>;

export function publicGet<Q = Record<string, never>>(
  app: FastifyInstance,
  guard: AccessGuard,
  path: string,
  options: PublicRouteOptions,
  handler: Handler<Q>,
): void {
  const limit = guard.publicRoute();
  app.get<{ Querystring: Q }>(
    path,
    {
      onRequest: async (request, reply) => {
        reply.headers({ 'access-control-allow-origin': '*', 'cache-control': 'no-store' });
        await limit(request, reply);
      },
      ...(options.querystring ? { schema: { querystring: options.querystring } } : {}),
      config: { doc: { ...options.doc, auth: 'public' } satisfies RouteDoc },
    },
    async (request, reply) => {
      const body = await handler(request, reply);
      reply.headers(publicHeaders(options.maxAge));
      return body;
    },
  );
  app.options(path, async (_request, reply) =>
    reply
      .code(204)
      .headers(preflightHeaders(['GET', 'HEAD']))
      .send(),
  );
}

/** The origin public links are built on (PUBLIC_BASE_URL, else the request's). */
export function siteBase(services: Pick<Services, 'site'>, request: FastifyRequest): string {
  return services.site.baseUrl(`${request.protocol}://${request.host}`);
}

/** `_meta` of a public JSON document: version, time, its canonical URL, license and attribution. */
export function publicMeta(services: Pick<Services, 'site'>, request: FastifyRequest, path: string) {
  return {
    api_version: API_VERSION,
    generated_at: new Date().toISOString(),
    canonical: `${siteBase(services, request)}/api/v1${path}`,
    license: LICENSE,
    license_url: LICENSE_URL,
    attribution: ATTRIBUTION,
  };
}

export const MetaSchema = {
  type: 'object',
  required: ['api_version', 'generated_at', 'canonical', 'license', 'license_url', 'attribution'],
  properties: {
    api_version: { type: 'string', const: 'v1' },
    generated_at: { type: 'string', format: 'date-time' },
    canonical: { type: 'string', format: 'uri' },
    license: { type: 'string', const: LICENSE },
    license_url: { type: 'string', format: 'uri' },
    attribution: { type: 'string' },
  },
  additionalProperties: false,
} as const;
