// Checks responses against the OpenAPI document the service serves: the operation for the
// method and path must exist, and a JSON body must match the documented schema for its status.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ErrorObject } from 'ajv';

type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
  components: { schemas: Record<string, unknown> };
};

const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

export async function openApiChecker(baseUrl: string) {
  const doc = (await (await fetch(`${baseUrl}/api/v1/openapi.json`)).json()) as Doc;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  ajv.addSchema({ $id: 'components', components: doc.components });
  const resolve = (schema: unknown) => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"components#/components/'));
  const seen: string[] = [];
  // One validator per documented response, compiled at its first check (ajv caches by schema
  // object, and resolve() makes a new one each time).
  const validators = new Map<string, ReturnType<typeof ajv.compile>>();

  return {
    doc,
    seen,
    /** Throws with the validation errors when the response does not match the document. */
    check(method: string, url: string, status: number, body: unknown, contentType = 'application/json'): void {
      const concrete = new URL(url, 'http://x').pathname;
      // A templated path (/webhooks/{id}/test) matches any one segment for each {name}.
      const path = doc.paths[concrete]
        ? concrete
        : (Object.keys(doc.paths).find((template) => template.includes('{') && new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`).test(concrete)) ??
          concrete);
      const operation = doc.paths[path]?.[method.toLowerCase()];
      if (!operation) throw new Error(`${method} ${path} is not in the OpenAPI document`);
      const response = operation.responses[String(status)];
      if (!response) throw new Error(`${method} ${path} ${status} is not documented`);
      seen.push(`${method.toUpperCase()} ${path} ${status}`);
      const media = contentType.split(';')[0]!.trim();
      const schema = response.content?.[media]?.schema;
      if (!schema) throw new Error(`${method} ${path} ${status}: ${media} is not documented`);
      if (media !== 'application/json') return;
      const key = `${method.toUpperCase()} ${path} ${status}`;
      let validate = validators.get(key);
      if (!validate) validators.set(key, (validate = ajv.compile(resolve(schema) as object)));
      if (!validate(body)) {
        throw new Error(`${method} ${path} ${status} does not match the document: ${JSON.stringify((validate.errors as ErrorObject[]).slice(0, 5))}`);
      }
    },
  };
}

export type OpenApiChecker = Awaited<ReturnType<typeof openApiChecker>>;
