// The OpenAI-compatible provider against a real local HTTP server: the request it sends, the
// validated answer and its price, retries (5xx, timeouts) and what it refuses (4xx, oversize,
// answers that do not match the schema).
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openAiProvider } from '../../src/ai/openai-provider.ts';
import type { Finding } from '../../src/ai/provider.ts';

const finding: Finding = { key: 'stockout:SKU-1', category: 'inventory', severity: 'high', kind: 'stockout', facts: { sku: 'SKU-1', current_stock: 3 } };
const draft = {
  title: 'SKU-1 is about to sell out',
  body: 'Three units left.',
  suggested_action: 'Reorder now.',
  impact_estimate: '2 units a day',
  severity: 'high',
};
const completion = (content: unknown) =>
  JSON.stringify({
    model: 'test-model-1',
    choices: [{ message: { role: 'assistant', content: typeof content === 'string' ? content : JSON.stringify(content) } }],
    usage: { prompt_tokens: 1000, completion_tokens: 500 },
  });

let server: Server;
let baseUrl: string;
let handler: (req: IncomingMessage, body: string, res: ServerResponse) => void;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the provider's request JSON, read by the assertions
const requests: Array<{ headers: IncomingMessage['headers']; body: any; url: string | undefined }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests.push({ headers: req.headers, body: JSON.parse(body), url: req.url });
      handler(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const provider = (overrides: Partial<Parameters<typeof openAiProvider>[0]> = {}) =>
  openAiProvider({
    baseUrl,
    apiKey: 'sk-test',
    model: 'gpt-test',
    // Generous: a loaded machine may take a while to answer even locally (only the time-out test
    // sets a short one, against answers held far longer).
    timeoutMs: 30_000,
    maxRetries: 2,
    maxResponseBytes: 4_096,
    priceInputPerMTok: 0.15,
    priceOutputPerMTok: 0.6,
    retryDelayMs: () => 10,
    ...overrides,
  });

/** Answers the queued responses in order (status, body, delay). */
const answer = (...queue: Array<{ status?: number; body?: string; delayMs?: number }>) => {
  requests.length = 0;
  handler = (_req, _body, res) => {
    const next = queue.shift() ?? { status: 500, body: '{}' };
    setTimeout(() => {
      if (res.destroyed) return;
      res.writeHead(next.status ?? 200, { 'content-type': 'application/json' });
      res.end(next.body ?? '');
    }, next.delayMs ?? 0);
  };
};

test('sends the finding as a JSON chat completion and returns the validated draft, tokens and cost', async () => {
  answer({ body: completion(draft) });
  const result = await provider().generateInsight(finding);
  expect(result).toEqual({ draft, model: 'test-model-1', tokensIn: 1000, tokensOut: 500, costUsd: 0.00045 });
  expect(requests).toHaveLength(1);
  const [req] = requests;
  expect(req!.url).toBe('/v1/chat/completions');
  expect(req!.headers.authorization).toBe('Bearer sk-test');
  expect(req!.body).toMatchObject({ model: 'gpt-test', temperature: 0, response_format: { type: 'json_object' } });
  // The system prompt asks for the metric and the day in words (the facts' metric_name and day), never raw keys.
  expect(req!.body.messages[0]).toMatchObject({ role: 'system', content: expect.stringContaining('metric_name or day') });
  expect(req!.body.messages[0].content).toContain('never write a raw field name');
  expect(JSON.parse(req!.body.messages[1].content)).toEqual({
    finding: 'stockout',
    category: 'inventory',
    severity: 'high',
    facts: { sku: 'SKU-1', current_stock: 3 },
  });
});

test('retries 5xx and 429 answers, then succeeds', async () => {
  answer({ status: 503, body: '{}' }, { status: 429, body: '{}' }, { body: completion(draft) });
  await expect(provider().generateInsight(finding)).resolves.toMatchObject({ draft });
  expect(requests).toHaveLength(3);
});

test('gives up after the retries, and does not retry a 4xx', async () => {
  answer({ status: 500 }, { status: 500 }, { status: 500 }, { body: completion(draft) });
  await expect(provider().generateInsight(finding)).rejects.toThrow('provider answered HTTP 500');
  expect(requests).toHaveLength(3);
  answer({ status: 401, body: '{}' });
  await expect(provider().generateInsight(finding)).rejects.toThrow('provider answered HTTP 401');
  expect(requests).toHaveLength(1);
});

test('a slow answer times out (and is retried)', async () => {
  answer({ delayMs: 3_000, body: completion(draft) }, { delayMs: 3_000, body: completion(draft) });
  await expect(provider({ timeoutMs: 150, maxRetries: 1 }).generateInsight(finding)).rejects.toThrow('no answer within 150 ms');
  expect(requests).toHaveLength(2);
});

test('refuses an answer over the size cap, one that is not JSON, and one that does not match the schema', async () => {
  answer({ body: completion({ ...draft, body: 'x'.repeat(5_000) }) });
  await expect(provider().generateInsight(finding)).rejects.toThrow(/over the 4096-byte cap/);
  answer({ body: completion('not json at all') });
  await expect(provider().generateInsight(finding)).rejects.toThrow('the answer is not a chat completion with a JSON object');
  answer({ body: completion({ ...draft, severity: 'apocalyptic' }) });
  await expect(provider().generateInsight(finding)).rejects.toThrow(/does not match the schema: severity/);
  expect(requests).toHaveLength(1);
});
