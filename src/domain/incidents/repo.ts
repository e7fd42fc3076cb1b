// The only Prisma access for status-page incidents (not account data: incidents are global).
import type { PrismaClient } from '../../db/client.ts';
import type { IncidentSeverity, IncidentStatus } from '../../db/__generated__/prisma/enums.ts';

const select = { id: true, title: true, body: true, severity: true, status: true, startedAt: true, updatedAt: true, resolvedAt: true } as const;

export function incidentsRepo(prisma: PrismaClient) {
  return {
    listActive() {
      return prisma.incident.findMany({ where: { status: { not: 'resolved' } }, orderBy: [{ startedAt: 'desc' }, { id: 'desc' }], select });
    },
    create(data: { title: string; body: string; severity: IncidentSeverity }) {
      return prisma.incident.create({ data, select });
    },
    find(id: number) {
      return prisma.incident.findUnique({ where: { id }, select });
    },
    update(id: number, data: { title?: string; body?: string; severity?: IncidentSeverity; status?: IncidentStatus; resolvedAt?: Date; updatedAt: Date }) {
      return prisma.incident.update({ where: { id }, data, select });
    },
  };
}
