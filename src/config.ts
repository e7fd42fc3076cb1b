// The only reader of the environment. Read once at boot, validated with every problem listed at
// once, typed and frozen. An optional .env file in the working directory fills in what the
// environment does not set (the environment wins).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { bool, int } from './config-values.ts';
import { graphqlConfig, graphqlEnv, type GraphQLConfig } from './config-graphql.ts';
import { observabilityConfig, observabilityEnv, type ObservabilityConfig } from './observability/config.ts';
import { jobsConfigFrom, jobsEnv, type ImportsConfig, type JobsConfig, type RetentionConfig } from './config-jobs.ts';
import { sessionChecks, sessionConfig, sessionEnv, type SessionConfig } from './config-session.ts';
import { detectCommit } from './config-commit.ts';
import { shopifyChecks, shopifyConfig, shopifyEnv, type ShopifyConfig } from './connectors/shopify/config.ts';

export { detectCommit };

const splitList = (v: string): string[] => v.split(',').flatMap((s) => (s.trim() ? [s.trim()] : []));
const list = z.string().transform(splitList);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: int(0, 65535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: int(1, 200).default(10),
  // Off behind a pooler that does not keep named statements per client (PgBouncer in transaction mode before 1.21).
  DATABASE_PREPARED_STATEMENTS: bool.default(true),
  DATA_DIR: z.string().min(1).default('.data'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_JWKS_URL: z.url({ protocol: /^https?$/ }).optional(),
  JWT_ISSUER: z.string().min(1).default('svc-dashboard'),
  JWT_AUDIENCE: z.string().min(1).default('svc-api'),
  JWT_ALGORITHMS: list.optional(),
  JWT_MAX_AGE_SECONDS: int(60, 86_400 * 7).default(3600),
  ...sessionEnv,
  TRUSTED_PROXIES: list.default([]),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JOBS_ENABLED: bool.default(true),
  // Unset: true, except under NODE_ENV=production (see loadConfig).
  DEMO_SEED: bool.optional(),
  RATE_LIMIT_PER_MINUTE: int(1, 1_000_000_000).default(60),
  RATE_LIMIT_REDIS_PREFIX: z.string().min(1).max(100).default('svc:rl:'),
  PUBLIC_RATE_LIMIT_PER_MINUTE: int(1, 1_000_000).default(300),
  AI_PROVIDER: z.enum(['local', 'openai']).default('local'),
  AI_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  AI_API_KEY: z.string().min(1).optional(),
  AI_TIMEOUT_MS: int(100, 120_000).default(20_000),
  PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  AI_MAX_RETRIES: int(0, 5).default(2),
  AI_MAX_RESPONSE_BYTES: int(1024, 10_485_760).default(262_144),
  AI_PRICE_INPUT_PER_MTOK_USD: z.coerce.number().min(0).max(10_000).default(0.15),
  AI_PRICE_OUTPUT_PER_MTOK_USD: z.coerce.number().min(0).max(10_000).default(0.6),
  REGION: z.string().min(1).default('local'),
  COMMIT_SHA: z.string().min(1).optional(),
  SHUTDOWN_TIMEOUT_MS: int(100, 120_000).default(10_000),
  ...graphqlEnv,
  PLAYGROUND_ENABLED: bool.default(true),
  WEBHOOK_ALLOW_PRIVATE_HOSTS: list.default([]),
  WEBHOOK_EXTRA_CA_FILE: z.string().min(1).optional(),
  ...observabilityEnv,
  ...jobsEnv,
  WEBHOOK_SECRET_KEY: z.string().optional(),
  ...shopifyEnv,
});

const HMAC_ALGORITHMS = ['HS256', 'HS384', 'HS512'];
const ALGORITHMS = [...HMAC_ALGORITHMS, 'RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA'];

/**
 * Rules across variables. They read the raw strings, so that they are reported together with
 * the per-variable problems instead of only once those are fixed.
 */
function crossChecks(raw: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (raw.NODE_ENV === 'production' && !raw.DATABASE_URL) {
    problems.push('DATABASE_URL: required when NODE_ENV=production (the embedded database is for development)');
  }
  if (raw.JWT_SECRET && raw.JWT_JWKS_URL) problems.push('JWT_JWKS_URL: set JWT_SECRET or JWT_JWKS_URL, not both');
  if (raw.AI_PROVIDER === 'openai') {
    if (!raw.AI_BASE_URL) problems.push('AI_BASE_URL: required when AI_PROVIDER=openai');
    if (!raw.AI_API_KEY) problems.push('AI_API_KEY: required when AI_PROVIDER=openai');
  }
  for (const alg of (raw.JWT_ALGORITHMS ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)) {
    if (!ALGORITHMS.includes(alg)) problems.push(`JWT_ALGORITHMS: unsupported algorithm ${alg}`);
    else if (raw.JWT_SECRET && !HMAC_ALGORITHMS.includes(alg)) problems.push(`JWT_ALGORITHMS: ${alg} needs JWT_JWKS_URL, not JWT_SECRET`);
    else if (raw.JWT_JWKS_URL && HMAC_ALGORITHMS.includes(alg)) problems.push(`JWT_ALGORITHMS: ${alg} needs JWT_SECRET, not JWT_JWKS_URL`);
  }
  if (raw.WEBHOOK_SECRET_KEY !== undefined && !/^([0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/.test(raw.WEBHOOK_SECRET_KEY.trim())) {
    problems.push('WEBHOOK_SECRET_KEY: 32 bytes as 64 hex characters or base64 (openssl rand -hex 32)');
  }
  if (raw.NODE_ENV === 'production' && !raw.WEBHOOK_SECRET_KEY)
    problems.push('WEBHOOK_SECRET_KEY: required when NODE_ENV=production (webhook secrets are encrypted at rest with it)');
  if (raw.NODE_ENV === 'production' && raw.WEBHOOK_ALLOW_PRIVATE_HOSTS?.trim()) {
    problems.push('WEBHOOK_ALLOW_PRIVATE_HOSTS: refused when NODE_ENV=production (it lets webhooks reach private networks; tests only)');
  }
  problems.push(...sessionChecks(raw), ...shopifyChecks(raw));
  return problems;
}

/** The PEM of WEBHOOK_EXTRA_CA_FILE, or a problem when it cannot be read or holds no certificate. */
function readExtraCa(file: string | undefined, problems: string[]): string | null {
  if (!file) return null;
  try {
    const pem = readFileSync(path.resolve(file), 'utf8');
    if (pem.includes('-----BEGIN CERTIFICATE-----')) return pem;
    problems.push(`WEBHOOK_EXTRA_CA_FILE: ${file} holds no PEM certificate`);
  } catch (error) {
    problems.push(`WEBHOOK_EXTRA_CA_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  return null;
}

type Env = z.infer<typeof schema>;

/** Every variable the service reads, with its schema: README's table and .env.example name each (test/unit/config-docs.test.ts). */
export const configVariables = schema.shape;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  /** preparedStatements: name the hot statements on a server (prepared once per connection). */
  database: { url: string | null; poolSize: number; preparedStatements: boolean; dataDir: string };
  redisUrl: string | null;
  jwt: {
    secret: string | null;
    jwksUrl: string | null;
    issuer: string;
    audience: string;
    algorithms: string[];
    maxAgeSeconds: number;
  };
  session: SessionConfig;
  trustedProxies: string[];
  logLevel: Env['LOG_LEVEL'];
  jobsEnabled: boolean;
  jobs: JobsConfig;
  retention: RetentionConfig;
  imports: ImportsConfig;
  demoSeed: boolean;
  rateLimit: { perMinute: number; publicPerMinute: number; redisPrefix: string };
  /** Absolute base of public links (changelog canonical and RSS URLs); null: from the request. */
  publicBaseUrl: string | null;
  ai: {
    provider: 'local' | 'openai';
    baseUrl: string | null;
    model: string;
    apiKey: string | null;
    timeoutMs: number;
    maxRetries: number;
    maxResponseBytes: number;
    priceInputPerMTok: number;
    priceOutputPerMTok: number;
  };
  region: string;
  commit: string;
  shutdownTimeoutMs: number;
  graphql: GraphQLConfig;
  playgroundEnabled: boolean;
  /** Test-only webhook settings (empty by default; a warning is logged at boot when set). */
  webhooks: { allowPrivateHosts: string[]; extraCaFile: string | null; extraCa: string | null; secretKey: string | null };
  /** METRICS_PORT and the OTEL_* tracing variables (src/observability/config.ts). */
  observability: ObservabilityConfig;
  /** PUBLIC_URL and the SHOPIFY_* connector settings (src/connectors/shopify/config.ts). */
  shopify: ShopifyConfig;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads KEY=value lines of a .env file; a missing file is an empty one. */
function readEnvFile(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  return parseEnv(readFileSync(file, 'utf8')) as Record<string, string>;
}

export interface LoadConfigOptions {
  env?: Record<string, string | undefined>;
  /** A .env file to read; defaults to .env in the working directory. Pass null for none. */
  envFile?: string | null;
}

export function loadConfig(options: LoadConfigOptions = {}): Readonly<Config> {
  const fromFile = options.envFile === null ? {} : readEnvFile(options.envFile ?? path.resolve('.env'));
  // An empty value, in the file or the environment, counts as unset.
  const raw: Record<string, string | undefined> = {};
  for (const [key, value] of [...Object.entries(fromFile), ...Object.entries(options.env ?? process.env)]) {
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const parsed = schema.safeParse(raw);
  const problems = [...(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`)), ...crossChecks(raw)];
  const extraCa = readExtraCa(raw.WEBHOOK_EXTRA_CA_FILE, problems);
  if (!parsed.success || problems.length) throw new ConfigError(problems);
  const env = parsed.data;
  const config: Config = {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    database: {
      url: env.DATABASE_URL ?? null,
      poolSize: env.DATABASE_POOL_SIZE,
      preparedStatements: env.DATABASE_PREPARED_STATEMENTS,
      dataDir: path.resolve(env.DATA_DIR),
    },
    redisUrl: env.REDIS_URL ?? null,
    jwt: {
      secret: env.JWT_SECRET ?? null,
      jwksUrl: env.JWT_JWKS_URL ?? null,
      issuer: env.JWT_ISSUER,
      audience: env.JWT_AUDIENCE,
      algorithms: env.JWT_ALGORITHMS ?? (env.JWT_JWKS_URL ? ['RS256', 'ES256'] : ['HS256']),
      maxAgeSeconds: env.JWT_MAX_AGE_SECONDS,
    },
    session: sessionConfig(env),
    trustedProxies: env.TRUSTED_PROXIES,
    logLevel: env.LOG_LEVEL,
    jobsEnabled: env.JOBS_ENABLED,
    ...jobsConfigFrom(env),
    demoSeed: env.DEMO_SEED ?? env.NODE_ENV !== 'production',
    rateLimit: { perMinute: env.RATE_LIMIT_PER_MINUTE, publicPerMinute: env.PUBLIC_RATE_LIMIT_PER_MINUTE, redisPrefix: env.RATE_LIMIT_REDIS_PREFIX },
    ai: {
      provider: env.AI_PROVIDER,
      baseUrl: env.AI_BASE_URL ?? null,
      model: env.AI_MODEL,
      apiKey: env.AI_API_KEY ?? null,
      timeoutMs: env.AI_TIMEOUT_MS,
      maxRetries: env.AI_MAX_RETRIES,
      maxResponseBytes: env.AI_MAX_RESPONSE_BYTES,
      priceInputPerMTok: env.AI_PRICE_INPUT_PER_MTOK_USD,
      priceOutputPerMTok: env.AI_PRICE_OUTPUT_PER_MTOK_USD,
    },
    publicBaseUrl: env.PUBLIC_BASE_URL?.replace(/\/+$/, '') ?? null,
    region: env.REGION,
    commit: env.COMMIT_SHA ?? detectCommit(),
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    graphql: graphqlConfig(env, env.NODE_ENV === 'production'),
    playgroundEnabled: env.PLAYGROUND_ENABLED,
    webhooks: {
      allowPrivateHosts: env.WEBHOOK_ALLOW_PRIVATE_HOSTS,
      extraCaFile: env.WEBHOOK_EXTRA_CA_FILE ? path.resolve(env.WEBHOOK_EXTRA_CA_FILE) : null,
      extraCa,
      secretKey: env.WEBHOOK_SECRET_KEY?.trim() || null,
    },
    observability: observabilityConfig(env),
    shopify: shopifyConfig(env),
  };
  return deepFreeze(config);
}

function deepFreeze<T>(value: T): Readonly<T> {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** Test-only environment settings, read here so that no other module touches process.env. */
export function testDatabaseUrls(): { postgres: string | null; redis: string | null } {
  return { postgres: process.env.TEST_DATABASE_URL || null, redis: process.env.TEST_REDIS_URL || null };
}
