// Compile-time check: the domain's declared value sets (src/domain/shared/enums.ts) equal the database
// enums Prisma generates from schema.prisma. A drift fails `npm run typecheck`; the test body also checks a
// value of each at run time so the suite is not empty.
import type * as Db from '../../src/db/__generated__/prisma/enums.ts';
import type * as Domain from '../../src/domain/shared/enums.ts';

type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <T extends true>(value: T): T => value;

const checks = {
  Plan: same<Equal<Domain.Plan, Db.Plan>>(true),
  KeyEnvironment: same<Equal<Domain.KeyEnvironment, Db.KeyEnvironment>>(true),
  Scope: same<Equal<Domain.Scope, Db.Scope>>(true),
  CommerceSource: same<Equal<Domain.CommerceSource, Db.CommerceSource>>(true),
  CustomerSegment: same<Equal<Domain.CustomerSegment, Db.CustomerSegment>>(true),
  IntegrationStatus: same<Equal<Domain.IntegrationStatus, Db.IntegrationStatus>>(true),
  OrderStatus: same<Equal<Domain.OrderStatus, Db.OrderStatus>>(true),
  AdPlatform: same<Equal<Domain.AdPlatform, Db.AdPlatform>>(true),
  TransactionKind: same<Equal<Domain.TransactionKind, Db.TransactionKind>>(true),
  AiState: same<Equal<Domain.AiState, Db.AiState>>(true),
  ActorKind: same<Equal<Domain.ActorKind, Db.ActorKind>>(true),
  Severity: same<Equal<Domain.Severity, Db.Severity>>(true),
  InsightCategory: same<Equal<Domain.InsightCategory, Db.InsightCategory>>(true),
  InsightStatus: same<Equal<Domain.InsightStatus, Db.InsightStatus>>(true),
  AnomalyMetric: same<Equal<Domain.AnomalyMetric, Db.AnomalyMetric>>(true),
  AnomalyKind: same<Equal<Domain.AnomalyKind, Db.AnomalyKind>>(true),
  Direction: same<Equal<Domain.Direction, Db.Direction>>(true),
  InventoryTrend: same<Equal<Domain.InventoryTrend, Db.InventoryTrend>>(true),
  InventoryStatus: same<Equal<Domain.InventoryStatus, Db.InventoryStatus>>(true),
  ReorderStatus: same<Equal<Domain.ReorderStatus, Db.ReorderStatus>>(true),
  Comparator: same<Equal<Domain.Comparator, Db.Comparator>>(true),
  DeliveryStatus: same<Equal<Domain.DeliveryStatus, Db.DeliveryStatus>>(true),
  ChangelogTag: same<Equal<Domain.ChangelogTag, Db.ChangelogTag>>(true),
  IncidentSeverity: same<Equal<Domain.IncidentSeverity, Db.IncidentSeverity>>(true),
  IncidentStatus: same<Equal<Domain.IncidentStatus, Db.IncidentStatus>>(true),
  MonitoredService: same<Equal<Domain.MonitoredService, Db.MonitoredService>>(true),
  JobRunStatus: same<Equal<Domain.JobRunStatus, Db.JobRunStatus>>(true),
};

test('every declared domain value set equals its database enum', () => {
  expect(Object.keys(checks)).toHaveLength(27);
  expect(Object.values(checks).every((v) => v === true)).toBe(true);
});
