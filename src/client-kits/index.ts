// Client kits generated from the served OpenAPI document: a Postman collection, TypeScript and
// Python client libraries and an LLM system prompt. They know no HTTP framework and no door: the
// REST discovery routes hand them the document and the site's base URL and serve what they return.
import { operations, type OpenApiLike } from './operations.ts';
import { postmanCollection } from './postman.ts';
import { typescriptSdk } from './typescript-sdk.ts';
import { pythonSdk } from './python-sdk.ts';
import { llmSystemPrompt } from './llm-prompt.ts';

export type { OpenApiLike } from './operations.ts';

/** The kits of one document, its operations worked out once on first use. */
export function clientKits(document: () => OpenApiLike) {
  let cached: { ops: ReturnType<typeof operations>; info: OpenApiLike['info'] } | null = null;
  const described = () => {
    if (!cached) {
      const doc = document();
      cached = { ops: operations(doc), info: doc.info };
    }
    return cached;
  };
  return {
    postman: (baseUrl: string) => postmanCollection(described().ops, described().info, baseUrl),
    typescriptSdk: (baseUrl: string) => typescriptSdk(described().ops, described().info, baseUrl),
    pythonSdk: (baseUrl: string) => pythonSdk(described().ops, described().info, baseUrl),
    llmSystemPrompt: (baseUrl: string) => llmSystemPrompt(described().ops, described().info, baseUrl),
  };
}

export type ClientKits = ReturnType<typeof clientKits>;
