// An OpenAI-compatible chat-completions provider: POST {baseUrl}/chat/completions asking for a JSON
// object, with a per-attempt timeout, retries with backoff on network errors, 408, 429 and 5xx,
// a cap on the response size, and the answer validated against InsightDraftSchema.
import { setTimeout as delay } from 'node:timers/promises';
import { z } from 'zod';
import type { AiProvider, Finding, GenerationResult } from './provider.ts';
import { InsightDraftSchema } from './provider.ts';

export interface OpenAiProviderOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  maxRetries: number;
  maxResponseBytes: number;
  /** USD per million tokens, to price each call. */
  priceInputPerMTok: number;
  priceOutputPerMTok: number;
  /** Wait before retry n (ms); shortened in tests. */
  retryDelayMs?: (attempt: number) => number;
}

export class AiProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'AiProviderError';
  }
}

const Completion = z.object({
  model: z.string().optional(),
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
  usage: z.object({ prompt_tokens: z.number().int().nonnegative(), completion_tokens: z.number().int().nonnegative() }).optional(),
});

const SYSTEM_PROMPT = [
  'You write one short business insight for an online store owner from the facts given.',
  'Answer with a JSON object and nothing else, with the keys: title (under 120 characters), body (2 or 3 sentences using the numbers),',
  'suggested_action (one concrete step), impact_estimate (short free text), severity (one of low, medium, high, critical).',
  // The facts of an anomaly carry its metric and day in words (metric_name, day): the titles say them.
  'When the facts give metric_name or day, the title names that metric and that day in those words (for example "Margin fell sharply on Tue 3 Nov 2026");',
  'never write a raw field name such as margin_pct.',
].join(' ');

/** Reads at most `max` bytes of a body; more is an error (the stream is cancelled). */
async function readCapped(response: Response, max: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > max) {
    await response.body?.cancel();
    throw new AiProviderError(`response of ${declared} bytes is over the ${max}-byte cap`, false);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new AiProviderError(`response is over the ${max}-byte cap`, false);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function openAiProvider(options: OpenAiProviderOptions): AiProvider {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const retryDelay = options.retryDelayMs ?? ((n: number) => 500 * 2 ** (n - 1));

  async function attempt(finding: Finding, signal: AbortSignal | undefined): Promise<GenerationResult> {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${options.apiKey}` },
        body: JSON.stringify({
          model: options.model,
          temperature: 0,
          response_format: { type: 'json_object' },
          messages: [
            { role: 'system', content: SYSTEM_PROMPT },
            { role: 'user', content: JSON.stringify({ finding: finding.kind, category: finding.category, severity: finding.severity, facts: finding.facts }) },
          ],
        }),
        redirect: 'error',
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      const timedOut = timeout.aborted;
      throw new AiProviderError(timedOut ? `no answer within ${options.timeoutMs} ms` : `request failed: ${(error as Error).message}`, true);
    }
    if (!response.ok) {
      await response.body?.cancel();
      const retryable = response.status === 408 || response.status === 429 || response.status >= 500;
      throw new AiProviderError(`provider answered HTTP ${response.status}`, retryable);
    }
    let text: string;
    try {
      text = await readCapped(response, options.maxResponseBytes);
    } catch (error) {
      if (error instanceof AiProviderError) throw error;
      throw new AiProviderError(
        timeout.aborted ? `no complete answer within ${options.timeoutMs} ms` : `reading the answer failed: ${(error as Error).message}`,
        true,
      );
    }
    let completion: z.infer<typeof Completion>;
    let content: unknown;
    try {
      completion = Completion.parse(JSON.parse(text));
      content = JSON.parse(completion.choices[0]!.message.content);
    } catch {
      throw new AiProviderError('the answer is not a chat completion with a JSON object', false);
    }
    const draft = InsightDraftSchema.safeParse(content);
    if (!draft.success)
      throw new AiProviderError(
        `the insight does not match the schema: ${draft.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        false,
      );
    const tokensIn = completion.usage?.prompt_tokens ?? 0;
    const tokensOut = completion.usage?.completion_tokens ?? 0;
    const costUsd = Math.round(((tokensIn * options.priceInputPerMTok + tokensOut * options.priceOutputPerMTok) / 1_000_000) * 1_000_000) / 1_000_000;
    return { draft: draft.data, model: completion.model ?? options.model, tokensIn, tokensOut, costUsd };
  }

  return {
    name: 'openai',
    async generateInsight(finding, signal) {
      for (let n = 1; ; n++) {
        try {
          return await attempt(finding, signal);
        } catch (error) {
          if (!(error instanceof AiProviderError) || !error.retryable || n > options.maxRetries) throw error;
          await delay(retryDelay(n), undefined, { signal });
        }
      }
    },
  };
}
