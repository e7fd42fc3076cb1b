// Discovery, all generated from the documented route table (the one the OpenAPI document is
// built from): /index, /postman, /sdk/typescript, /sdk/python and /llm-system-prompt. Public,
// cached 300 s.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../src/services.ts';
import type { AccessGuard } from '../../src/http/guard.ts';
import type { DocumentedRoute } from '../openapi/document.ts';
import { API_VERSION } from '../serializers/common.ts';
import { CACHE, publicGet, publicMeta, siteBase } from '../public-route.ts';
import { EndpointIndex, LlmSystemPrompt, PostmanCollection } from '../openapi/public-schemas.ts';
import { operations, type OpenApiLike } from '../discovery/operations.ts';
import { postmanCollection } from '../discovery/postman.ts';
import { typescriptSdk } from '../discovery/typescript-sdk.ts';
import { pythonSdk } from '../discovery/python-sdk.ts';
import { llmSystemPrompt } from '../discovery/llm-prompt.ts';

const TEXT = 'text/plain; charset=utf-8';

export function publicDiscoveryRoutes(app: FastifyInstance, services: Services, guard: AccessGuard, routes: readonly DocumentedRoute[], document: () => Record<string, unknown>): void {
  // The shared document's operations, worked out once on first use.
  let cached: { ops: ReturnType<typeof operations>; info: OpenApiLike['info'] } | null = null;
  const described = () => {
    if (!cached) {
      const doc = document() as unknown as OpenApiLike;
      cached = { ops: operations(doc), info: doc.info };
    }
    return cached;
  };
  const base = (request: FastifyRequest) => siteBase(services, request);

  publicGet(app, guard, '/index', {
    maxAge: CACHE.content,
    doc: { summary: 'Discovery list of every endpoint with method, auth and purpose', responses: { 200: { description: 'Endpoints.', schema: EndpointIndex } } },
  }, async (request) => {
    const data = [...routes]
      .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))
      .map((r) => ({ method: r.method.toUpperCase(), path: r.url, auth: r.doc.auth, purpose: r.doc.summary }));
    return { data, total: data.length, _meta: publicMeta(services, request, '/index'), api_version: API_VERSION };
  });

  publicGet(app, guard, '/postman', {
    maxAge: CACHE.content,
    doc: { summary: 'A Postman collection (v2.1) of the API', responses: { 200: { description: 'The collection.', schema: PostmanCollection } } },
  }, async (request) => {
    const { ops, info } = described();
    return postmanCollection(ops, info, base(request));
  });

  const source = (path: string, summary: string, filename: string, generate: typeof typescriptSdk) =>
    publicGet(app, guard, path, {
      maxAge: CACHE.content,
      doc: { summary, description: `Source of one file (${filename}), generated from the OpenAPI document.`, responses: { 200: { description: 'Source code.', schema: null, media: ['text/plain'] } } },
    }, async (request, reply) => {
      const { ops, info } = described();
      reply.type(TEXT).header('content-disposition', `inline; filename="${filename}"`);
      return generate(ops, info, base(request));
    });
  source('/sdk/typescript', 'TypeScript client library (source)', 'svc-client.ts', typescriptSdk);
  source('/sdk/python', 'Python client library (source, standard library only)', 'svc_client.py', pythonSdk);

  publicGet<{ format?: 'json' | 'text' }>(app, guard, '/llm-system-prompt', {
    maxAge: CACHE.content,
    querystring: { type: 'object', properties: { format: { type: 'string', enum: ['json', 'text'], description: 'text for the prompt as plain text.' } } },
    doc: { summary: 'A system prompt describing the API for an assistant', responses: { 200: { description: 'The prompt.', schema: LlmSystemPrompt, media: ['text/plain'] } } },
  }, async (request, reply) => {
    const { ops, info } = described();
    const prompt = llmSystemPrompt(ops, info, base(request));
    if (request.query.format === 'text') {
      reply.type(TEXT);
      return prompt;
    }
    return { prompt, _meta: publicMeta(services, request, '/llm-system-prompt'), api_version: API_VERSION };
  });
}
