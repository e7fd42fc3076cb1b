// `svc incidents open|update|resolve|list`: the operator's door to the status page's incidents.
import type { IncidentsService, Incident } from '../domain/incidents/index.ts';

type Values = Record<string, string | boolean | undefined>;
const optional = (values: Values, name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);

const summary = (i: Incident) => ({
  id: i.id,
  title: i.title,
  body: i.body,
  severity: i.severity,
  status: i.status,
  started_at: i.startedAt.toISOString(),
  updated_at: i.updatedAt.toISOString(),
  resolved_at: i.resolvedAt?.toISOString() ?? null,
});

function incidentId(text: string | undefined, usage: (message: string) => Error): number {
  if (!text || !/^\d+$/.test(text)) throw usage(`incident id must be a positive integer, got ${text ?? 'nothing'}`);
  return Number(text);
}

export async function incidentCommand(
  incidents: IncidentsService,
  action: string,
  idText: string | undefined,
  values: Values,
  usage: (message: string) => Error,
): Promise<{ json: object; text: string }> {
  switch (action) {
    case 'open': {
      const title = optional(values, 'title');
      const severity = optional(values, 'severity');
      if (!title || !severity) throw usage('incidents open needs --title and --severity');
      const row = await incidents.open({ title, severity, body: optional(values, 'body') });
      return { json: summary(row), text: `opened incident ${row.id} (${row.severity})` };
    }
    case 'update': {
      const row = await incidents.update(incidentId(idText, usage), {
        title: optional(values, 'title'),
        body: optional(values, 'body'),
        severity: optional(values, 'severity'),
        status: optional(values, 'status'),
      });
      return { json: summary(row), text: `updated incident ${row.id}: ${row.severity}, ${row.status}` };
    }
    case 'resolve': {
      const row = await incidents.resolve(incidentId(idText, usage), optional(values, 'body'));
      return { json: summary(row), text: `resolved incident ${row.id}` };
    }
    default: {
      const rows = await incidents.listActive();
      return {
        json: { incidents: rows.map(summary) },
        text: rows.map((r) => `${String(r.id).padStart(5)}  ${r.severity.padEnd(8)}  ${r.status.padEnd(13)}  ${r.title}`).join('\n') || 'no active incidents',
      };
    }
  }
}
