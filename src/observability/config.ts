// The metrics and tracing settings. src/config.ts reads them from the environment with the rest
// (this file only declares their schema and shape): METRICS_PORT and the standard OTEL_* variables.
import { z } from 'zod';

export const observabilityEnv = {
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  OTEL_SDK_DISABLED: z.enum(['true', 'false']).optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_EXPORTER_OTLP_HEADERS: z
    .string()
    .regex(/^\s*[^=,\s]+\s*=[^,]*(,\s*[^=,\s]+\s*=[^,]*)*$/, 'must be key=value pairs separated by commas')
    .optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('commerce-analytics-service'),
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
};

type ObservabilityEnv = z.infer<z.ZodObject<typeof observabilityEnv>>;

export interface TracingConfig {
  /** On when an OTLP endpoint is configured and OTEL_SDK_DISABLED is not true. */
  enabled: boolean;
  /** Where spans are POSTed (OTLP over HTTP, JSON): the traces endpoint itself. */
  url: string | null;
  headers: Record<string, string>;
  serviceName: string;
  /** Share of new traces sampled (parent-based: a sampled caller's trace is always followed). */
  sampleRatio: number;
}

export interface ObservabilityConfig {
  /** A separate port for GET /metrics (API and worker); null: the API serves it on PORT, the worker serves none. */
  metricsPort: number | null;
  tracing: TracingConfig;
}

function parseHeaders(raw: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of (raw ?? '').split(',')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    headers[decodeURIComponent(pair.slice(0, at).trim())] = decodeURIComponent(pair.slice(at + 1).trim());
  }
  return headers;
}

export function observabilityConfig(env: ObservabilityEnv): ObservabilityConfig {
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, '');
  const url = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (base ? `${base}/v1/traces` : null);
  return {
    metricsPort: env.METRICS_PORT ?? null,
    tracing: {
      enabled: url !== null && env.OTEL_SDK_DISABLED !== 'true',
      url,
      headers: parseHeaders(env.OTEL_EXPORTER_OTLP_HEADERS),
      serviceName: env.OTEL_SERVICE_NAME,
      sampleRatio: env.OTEL_TRACES_SAMPLER_ARG,
    },
  };
}
