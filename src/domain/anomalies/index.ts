// The anomalies module's public surface: the detector's rules, the service and its declared types.
export { anomaliesService, type AnomaliesService, type Anomaly, ANOMALY_METRICS, type AnomalyQuery, type AnomalyWindow } from './service.ts';
export {
  DETECTION,
  PATTERNS,
  median,
  scoreDay,
  severityOf,
  univariateConfidence,
  scoreSeries,
  findingOf,
  correlate,
  announces,
  decodeCorrelated,
  type Score,
  type Finding,
  type CorrelatedFinding,
  type DailySeries,
  type CorrelatedMetric,
} from './rules.ts';
export type { AnomalyMetric } from '../shared/enums.ts';
export { metricWords, dayWords, weekdayWords, valueWords, isPercentMetric } from './words.ts';
