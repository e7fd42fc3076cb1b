// GET /api/v1/status, field by field in the contract's order.
import type { ServiceStatus } from '../../src/domain/status/index.ts';
import { API_VERSION, timestamp } from './common.ts';

export function serializeStatus(s: ServiceStatus) {
  return {
    status: s.status,
    api_version: API_VERSION,
    checks: { database: { status: s.database.status, latency_ms: s.database.latencyMs } },
    meta: { region: s.meta.region, env: s.meta.env, commit: s.meta.commit, check_total_ms: s.meta.checkTotalMs },
    ts: timestamp(s.ts),
  };
}
