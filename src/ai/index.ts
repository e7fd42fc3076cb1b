// Picks the AI provider the configuration names.
import type { Config } from '../config.ts';
import type { AiProvider } from './provider.ts';
import { localProvider } from './local-provider.ts';
import { openAiProvider } from './openai-provider.ts';

export function aiProviderFrom(ai: Config['ai']): AiProvider {
  if (ai.provider === 'local') return localProvider();
  return openAiProvider({
    baseUrl: ai.baseUrl!,
    apiKey: ai.apiKey!,
    model: ai.model,
    timeoutMs: ai.timeoutMs,
    maxRetries: ai.maxRetries,
    maxResponseBytes: ai.maxResponseBytes,
    priceInputPerMTok: ai.priceInputPerMTok,
    priceOutputPerMTok: ai.priceOutputPerMTok,
  });
}
