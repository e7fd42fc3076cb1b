// OpenTelemetry tracing: off unless an OTLP endpoint is configured (src/config.ts reads the
// standard OTEL_* variables). When on, a Node tracer provider (AsyncLocalStorage context) sends
// spans in batches to the OTLP/HTTP endpoint; tests pass an in-memory exporter instead. Spans are
// made by hand: HTTP (http.ts), GraphQL resolvers (src/graphql/observability.ts), pg (pg.ts).
// The API and SDK are imported only when tracing starts: every `svc` command loads this file, and
// their few hundred modules would add to the start of each (measured: `svc help` took twice the
// CPU time with them loaded up front).
import type { Tracer } from '@opentelemetry/api';
import type { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { TracingConfig } from './config.ts';

type OtelApi = typeof import('@opentelemetry/api');

let provider: NodeTracerProvider | null = null;
let api: OtelApi | null = null;

/** The OpenTelemetry API while tracing is on (the span hooks do nothing when this is null). */
export function otel(): OtelApi | null {
  return provider ? api : null;
}

export function tracer(otelApi: OtelApi): Tracer {
  return otelApi.trace.getTracer('commerce-analytics-service');
}

export interface Tracing {
  /** Flushes the spans still buffered and uninstalls the provider. */
  shutdown(): Promise<void>;
}

/**
 * Installs tracing when the config enables it (or an exporter is given: tests, with spans
 * exported as they end). Returns null when tracing stays off.
 */
export async function startTracing(config: TracingConfig & { version?: string }, exporter?: SpanExporter): Promise<Tracing | null> {
  if (provider || (!config.enabled && !exporter)) return null;
  const [
    otelApi,
    { NodeTracerProvider },
    { BatchSpanProcessor, ParentBasedSampler, SimpleSpanProcessor, TraceIdRatioBasedSampler },
    { OTLPTraceExporter },
    { resourceFromAttributes },
    semconv,
  ] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/semantic-conventions'),
  ]);
  if (provider) return null;
  const { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } = semconv;
  const processor = exporter
    ? new SimpleSpanProcessor(exporter)
    : new BatchSpanProcessor(new OTLPTraceExporter({ url: config.url ?? undefined, headers: config.headers }));
  const installed = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: config.serviceName, ...(config.version ? { [ATTR_SERVICE_VERSION]: config.version } : {}) }),
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(config.sampleRatio) }),
    spanProcessors: [processor],
  });
  installed.register();
  api = otelApi;
  provider = installed;
  return {
    async shutdown() {
      if (provider !== installed) return;
      provider = null;
      await installed.shutdown().catch(() => {});
      otelApi.trace.disable();
      otelApi.context.disable();
      otelApi.propagation.disable();
    },
  };
}
