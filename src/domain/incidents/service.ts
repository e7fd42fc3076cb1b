// Incidents of the public status page: opened, updated and resolved by the operator (`svc
// incidents …`), listed publicly while not resolved, most severe first.
import type { PrismaClient } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { incidentsRepo } from './repo.ts';

export const INCIDENT_SEVERITIES = ['minor', 'major', 'critical'] as const;
export const INCIDENT_STATUSES = ['investigating', 'identified', 'monitoring', 'resolved'] as const;
export type IncidentSeverityName = (typeof INCIDENT_SEVERITIES)[number];
export type IncidentStatusName = (typeof INCIDENT_STATUSES)[number];
export type Incident = Awaited<ReturnType<ReturnType<typeof incidentsRepo>['listActive']>>[number];

const RANK: Record<IncidentSeverityName, number> = { critical: 0, major: 1, minor: 2 };

function severityOf(value: string): IncidentSeverityName {
  if (!(INCIDENT_SEVERITIES as readonly string[]).includes(value))
    throw new AppError('invalid_parameter', `severity: one of ${INCIDENT_SEVERITIES.join(', ')}`, { param: 'severity' });
  return value as IncidentSeverityName;
}

function text(value: string, param: string, max: number): string {
  const trimmed = value.trim();
  if (!trimmed || trimmed.length > max) throw new AppError('invalid_parameter', `${param}: 1 to ${max} characters`, { param });
  return trimmed;
}

export function incidentsService(prisma: PrismaClient) {
  const repo = incidentsRepo(prisma);
  async function existing(id: number) {
    const row = Number.isSafeInteger(id) && id > 0 ? await repo.find(id) : null;
    if (!row) throw new AppError('not_found', `no incident ${id}`);
    return row;
  }
  return {
    /** Unresolved incidents: critical first, then major, then minor; newest first within one. */
    async listActive(): Promise<Incident[]> {
      const rows = await repo.listActive();
      return rows.sort((a, b) => RANK[a.severity] - RANK[b.severity] || b.startedAt.getTime() - a.startedAt.getTime() || b.id - a.id);
    },
    async open(input: { title: string; severity: string; body?: string }) {
      return repo.create({ title: text(input.title, 'title', 200), body: input.body?.trim() ?? '', severity: severityOf(input.severity) });
    },
    async update(id: number, input: { title?: string; body?: string; severity?: string; status?: string }) {
      const row = await existing(id);
      if (row.status === 'resolved') throw new AppError('conflict', `incident ${id} is resolved`);
      if (input.status !== undefined && !['investigating', 'identified', 'monitoring'].includes(input.status)) {
        throw new AppError('invalid_parameter', 'status: investigating, identified or monitoring (use resolve to resolve)', { param: 'status' });
      }
      const data = {
        ...(input.title !== undefined ? { title: text(input.title, 'title', 200) } : {}),
        ...(input.body !== undefined ? { body: input.body.trim() } : {}),
        ...(input.severity !== undefined ? { severity: severityOf(input.severity) } : {}),
        ...(input.status !== undefined ? { status: input.status as IncidentStatusName } : {}),
      };
      if (!Object.keys(data).length) throw new AppError('invalid_parameter', 'nothing to update: give --title, --body, --severity or --status');
      return repo.update(id, { ...data, updatedAt: new Date() });
    },
    async resolve(id: number, body?: string) {
      const row = await existing(id);
      if (row.status === 'resolved') return row;
      const now = new Date();
      return repo.update(id, { status: 'resolved', resolvedAt: now, updatedAt: now, ...(body !== undefined ? { body: body.trim() } : {}) });
    },
  };
}

export type IncidentsService = ReturnType<typeof incidentsService>;
