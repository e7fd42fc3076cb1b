// POST /api/v1/imports (a file as the body, 202 with the import) and GET /api/v1/imports/{id}
// (status, counts, rejected rows). The body is streamed to a temporary file (upload-body.ts), then
// handed to the imports service, which stores it for a worker; the query is checked before a byte
// of the body is read.
import { createReadStream } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessGuard } from '../../src/http/guard.ts';
import { AppError } from '../../src/errors.ts';
import { parseImportInput, type ImportsService } from '../../src/domain/imports/index.ts';
import type { RouteDoc } from '../openapi/document.ts';
import { ImportSchema } from '../openapi/import-schemas.ts';
import { serializeImport } from '../serializers/imports.ts';
import { acceptUploads, refuseDeclaredOverLimit, UPLOAD_MEDIA_TYPES, type UploadedFile } from '../upload-body.ts';

const importQuery = {
  type: 'object',
  required: ['kind', 'format'],
  properties: {
    kind: { type: 'string', enum: ['orders', 'customers', 'products', 'ad_spend', 'expenses'], description: 'What the file holds.' },
    format: { type: 'string', enum: ['csv', 'ndjson'], description: 'csv (Shopify orders export or the generic columns) or ndjson.' },
    source: { type: 'string', enum: ['shopify', 'woo-commerce', 'mercado-libre'], description: 'The storefront the records are from; default shopify.' },
    file_name: { type: 'string', maxLength: 255, description: 'A name to show for the import.' },
  },
  additionalProperties: false,
} as const;

const importParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, description: 'The import id.' } } } as const;

const docs: Record<'create' | 'get', RouteDoc> = {
  create: {
    summary: 'Import a file of orders, customers, products, ad spend or expenses',
    description:
      'The file is the request body (text/csv, application/x-ndjson, text/plain or application/octet-stream), at most IMPORT_MAX_BYTES ' +
      '(413 payload_too_large beyond). Answers 202 at once; a worker reads the file. Poll GET /api/v1/imports/{id}. See docs/imports.md for the formats.',
    auth: 'write',
    requestBody: { description: 'The file.', media: UPLOAD_MEDIA_TYPES },
    responses: { 202: { description: 'Received and queued.', schema: ImportSchema } },
    errors: { 413: 'The file is over IMPORT_MAX_BYTES (`payload_too_large`).', 415: 'Not a file media type (`unsupported_media_type`).' },
  },
  get: {
    summary: 'An import: status, counts and the rejected rows',
    description: 'counts.read = stored + skipped + rejected once finished. rejected_rows holds the first 1,000 rejected rows (line, field, reason).',
    auth: 'read',
    responses: { 200: { description: 'The import.', schema: ImportSchema } },
    errors: { 404: 'No import with this id in the account (`not_found`).' },
  },
};

export function importRoutes(app: FastifyInstance, services: { imports: ImportsService }, guard: AccessGuard): void {
  const { imports } = services;
  const account = (request: FastifyRequest) => request.principal!.accountId;
  const input = new WeakMap<FastifyRequest, ReturnType<typeof parseImportInput>>();
  // Before the body: the kind, format and source (400 invalid_parameter with param).
  const checkQuery = async (request: FastifyRequest) => {
    input.set(request, parseImportInput(request.query as Record<string, unknown>));
  };

  void app.register(async (scope) => {
    acceptUploads(scope, () => imports.maxBytes);
    scope.post<{ Querystring: { file_name?: string }; Body: UploadedFile | undefined }>(
      '/imports',
      {
        onRequest: [guard.requires('write'), checkQuery, refuseDeclaredOverLimit(() => imports.maxBytes)],
        schema: { querystring: importQuery },
        config: { doc: docs.create },
      },
      async (request, reply) => {
        if (!request.body) throw new AppError('unsupported_media_type', `Send the file as the body, as one of ${UPLOAD_MEDIA_TYPES.join(', ')}.`);
        const job = await imports.receive(
          account(request),
          { ...input.get(request)!, fileName: request.query.file_name ?? null },
          createReadStream(request.body.file),
        );
        reply.code(202).header('location', `/api/v1/imports/${job.id}`);
        return serializeImport(job);
      },
    );
  });

  app.get<{ Params: { id: number } }>(
    '/imports/:id',
    { onRequest: guard.requires('read'), schema: { params: importParams }, config: { doc: docs.get } },
    async (request) => serializeImport(await imports.getImport(account(request), request.params.id)),
  );
}
