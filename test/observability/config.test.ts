// METRICS_PORT and the OTEL_* variables as src/config.ts reads them.
import { expect, test } from '@jest/globals';
import { ConfigError, loadConfig } from '../../src/config.ts';

const load = (env: Record<string, string>) => loadConfig({ env: { NODE_ENV: 'test', ...env }, envFile: null }).observability;

test('off by default: /metrics on PORT, no tracing', () => {
  expect(load({})).toEqual({
    metricsPort: null,
    tracing: { enabled: false, url: null, headers: {}, serviceName: 'commerce-analytics-service', sampleRatio: 1 },
  });
});

test('an OTLP endpoint turns tracing on; the traces endpoint wins; headers and sampling are read', () => {
  expect(load({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/', OTEL_EXPORTER_OTLP_HEADERS: 'x-token=a%3Db, tenant = shop' }).tracing).toMatchObject({
    enabled: true,
    url: 'http://collector:4318/v1/traces',
    headers: { 'x-token': 'a=b', tenant: 'shop' },
  });
  const both = load({
    OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example/otlp',
    OTEL_TRACES_SAMPLER_ARG: '0.25',
    OTEL_SERVICE_NAME: 'api-eu',
    METRICS_PORT: '9464',
  });
  expect(both).toEqual({
    metricsPort: 9464,
    tracing: { enabled: true, url: 'https://traces.example/otlp', headers: {}, serviceName: 'api-eu', sampleRatio: 0.25 },
  });
  expect(load({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }).tracing.enabled).toBe(false);
});

test('bad values are configuration errors naming the variable', () => {
  const problems = (() => {
    try {
      load({ METRICS_PORT: '70000', OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318', OTEL_TRACES_SAMPLER_ARG: '2', OTEL_EXPORTER_OTLP_HEADERS: 'novalue' });
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  })();
  for (const name of ['METRICS_PORT', 'OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_TRACES_SAMPLER_ARG', 'OTEL_EXPORTER_OTLP_HEADERS']) {
    expect(problems.some((p) => p.startsWith(`${name}:`))).toBe(true);
  }
});
