// The AI settings of the configuration: defaults, bounds, the openai requirements, and the
// provider each setting picks.
import { expect, test } from '@jest/globals';
import { loadConfig, ConfigError } from '../../src/config.ts';
import { aiProviderFrom } from '../../src/ai/index.ts';

const load = (env: Record<string, string>) => loadConfig({ env: { NODE_ENV: 'test', COMMIT_SHA: 'x', ...env }, envFile: null });

test('defaults: the local provider, 2 retries, a 256 KiB answer cap and gpt-4o-mini prices', () => {
  const { ai } = load({});
  expect(ai).toEqual({
    provider: 'local',
    baseUrl: null,
    model: 'gpt-4o-mini',
    apiKey: null,
    timeoutMs: 20_000,
    maxRetries: 2,
    maxResponseBytes: 262_144,
    priceInputPerMTok: 0.15,
    priceOutputPerMTok: 0.6,
  });
  expect(aiProviderFrom(ai).name).toBe('local');
});

test('openai needs a base URL and a key; bounds are checked, every problem at once', () => {
  let error: unknown;
  try {
    load({ AI_PROVIDER: 'openai', AI_MAX_RETRIES: '9', AI_MAX_RESPONSE_BYTES: '10', AI_PRICE_INPUT_PER_MTOK_USD: '-1' });
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ConfigError);
  const problems = (error as ConfigError).problems.join('\n');
  for (const name of ['AI_BASE_URL', 'AI_API_KEY', 'AI_MAX_RETRIES', 'AI_MAX_RESPONSE_BYTES', 'AI_PRICE_INPUT_PER_MTOK_USD']) expect(problems).toContain(name);
  const ok = load({ AI_PROVIDER: 'openai', AI_BASE_URL: 'https://llm.example.com/v1', AI_API_KEY: 'sk-x', AI_MAX_RETRIES: '0' });
  expect(ok.ai).toMatchObject({ provider: 'openai', baseUrl: 'https://llm.example.com/v1', apiKey: 'sk-x', maxRetries: 0 });
  expect(aiProviderFrom(ok.ai).name).toBe('openai');
});
