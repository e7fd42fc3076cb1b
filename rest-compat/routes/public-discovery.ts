// Discovery, all generated from the documented route table (the one the OpenAPI document is
// built from): /index, /postman, /sdk/typescript, /sdk/python and /llm-system-prompt. Public,
// cached 300 s. The generators are the client kits (src/client-kits); these routes serve them.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../src/services.ts';
import type { AccessGuard } from '../../src/http/guard.ts';
import { openApiPath, type DocumentedRoute } from '../openapi/document.ts';
import { API_VERSION } from '../serializers/common.ts';
import { CACHE, publicGet, publicMeta, siteBase } from '../public-route.ts';
import { EndpointIndex, LlmSystemPrompt, PostmanCollection } from '../openapi/public-schemas.ts';
import { clientKits, type ClientKits, type OpenApiLike } from '../../src/client-kits/index.ts';

const TEXT = 'text/plain; charset=utf-8';

export function publicDiscoveryRoutes(
  app: FastifyInstance,
  services: Pick<Services, 'site'>,
  guard: AccessGuard,
  routes: readonly DocumentedRoute[],
  document: () => Record<string, unknown>,
): void {
  const kits = clientKits(() => document() as unknown as OpenApiLike);
  const base = (request: FastifyRequest) => siteBase(services, request);

  publicGet(
    app,
    guard,
    '/index',
    {
      maxAge: CACHE.content,
      doc: {
        summary: 'Discovery list of every endpoint with method, auth and purpose',
        responses: { 200: { description: 'Endpoints.', schema: EndpointIndex } },
      },
    },
    async (request) => {
      const data = [...routes]
        .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))
        .map((r) => ({ method: r.method.toUpperCase(), path: openApiPath(r.url), auth: r.doc.auth, purpose: r.doc.summary }));
      return { data, total: data.length, _meta: publicMeta(services, request, '/index'), api_version: API_VERSION };
    },
  );

  publicGet(
    app,
    guard,
    '/postman',
    {
      maxAge: CACHE.content,
      doc: { summary: 'A Postman collection (v2.1) of the API', responses: { 200: { description: 'The collection.', schema: PostmanCollection } } },
    },
    async (request) => kits.postman(base(request)),
  );

  const source = (path: string, summary: string, filename: string, generate: ClientKits['typescriptSdk']) =>
    publicGet(
      app,
      guard,
      path,
      {
        maxAge: CACHE.content,
        doc: {
          summary,
          description: `Source of one file (${filename}), generated from the OpenAPI document.`,
          responses: { 200: { description: 'Source code.', schema: null, media: ['text/plain'] } },
        },
      },
      async (request, reply) => {
        reply.type(TEXT).header('content-disposition', `inline; filename="${filename}"`);
        return generate(base(request));
      },
    );
  source('/sdk/typescript', 'TypeScript client library (source)', 'svc-client.ts', kits.typescriptSdk);
  source('/sdk/python', 'Python client library (source, standard library only)', 'svc_client.py', kits.pythonSdk);

  publicGet<{ format?: 'json' | 'text' }>(
    app,
    guard,
    '/llm-system-prompt',
    {
      maxAge: CACHE.content,
      querystring: { type: 'object', properties: { format: { type: 'string', enum: ['json', 'text'], description: 'text for the prompt as plain text.' } } },
      doc: {
        summary: 'A system prompt describing the API for an assistant',
        responses: { 200: { description: 'The prompt.', schema: LlmSystemPrompt, media: ['text/plain'] } },
      },
    },
    async (request, reply) => {
      const prompt = kits.llmSystemPrompt(base(request));
      if (request.query.format === 'text') {
        reply.type(TEXT);
        return prompt;
      }
      return { prompt, _meta: publicMeta(services, request, '/llm-system-prompt'), api_version: API_VERSION };
    },
  );
}
