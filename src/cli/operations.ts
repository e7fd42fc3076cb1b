// `svc jobs run`, `svc integrations revoke`, `svc ai pause|resume` and `svc incidents ...`:
// manual operations on one account or the status page, through the services the API uses.
import { buildJobRunner, withCore } from '../main.ts';
import { json, parse, print, requireString, UsageError, type Command } from './args.ts';
import { incidentCommand } from './incidents.ts';
import { createLogger, lineLogger } from '../observability/logger.ts';

export const jobsRunCommand: Command = async ({ config, io, args }) => {
  const [jobName, ...jobArgs] = args;
  if (!jobName || jobName.startsWith('-')) throw new UsageError('jobs run needs a job name');
  const { values } = parse(jobArgs, { ...json, account: { type: 'string' } });
  const results = await withCore(config, (core) =>
    buildJobRunner(core, lineLogger(createLogger(config), 'jobs')).run(jobName, values.account as string | undefined),
  );
  const failed = results.filter((r) => r.status === 'failed');
  print(
    io,
    !!values.json,
    { results },
    results.map((r) => `${r.job} ${r.accountId}: ${r.status}, ${r.rowsWritten} rows${r.error ? ` (${r.error})` : ''}`).join('\n') || 'no accounts',
  );
  return failed.length ? 1 : 0;
};

export const integrationsRevokeCommand: Command = async ({ config, io, args }) => {
  const { values } = parse(args, { ...json, account: { type: 'string' }, id: { type: 'string' } });
  const accountId = requireString(values, 'account');
  const id = Number(requireString(values, 'id'));
  if (!Number.isSafeInteger(id) || id < 1) throw new UsageError('--id must be a positive integer');
  const result = await withCore(config, ({ services }) => services.integrations.revokeIntegration(accountId, id));
  print(
    io,
    !!values.json,
    { id: result.id, revoked: result.revoked },
    result.revoked ? `revoked integration ${result.id}` : `integration ${result.id} was already revoked`,
  );
  return 0;
};

export const aiAccessCommand: Command = async ({ config, io, args, sub }) => {
  const { values } = parse(args, { ...json, account: { type: 'string' }, reason: { type: 'string' }, by: { type: 'string' } });
  const accountId = requireString(values, 'account');
  const input = { by: (values.by as string | undefined) ?? 'cli', reason: values.reason as string | undefined };
  const access = await withCore(config, ({ services }) =>
    sub === 'pause' ? services.aiAccess.pause(accountId, input) : services.aiAccess.resume(accountId, input),
  );
  const summary = {
    account_id: access.accountId,
    state: access.state,
    reason: access.reason,
    by: access.changedBy,
    by_kind: access.changedByKind,
    changed_at: access.changedAt?.toISOString() ?? null,
  };
  print(io, !!values.json, summary, `AI access for ${access.accountId} is ${access.state}`);
  return 0;
};

export const incidentsCommand: Command = async ({ config, io, args, sub }) => {
  const options = { ...json, title: { type: 'string' }, severity: { type: 'string' }, status: { type: 'string' }, body: { type: 'string' } } as const;
  const { values, positionals } = parse(args, options, sub === 'open' || sub === 'list' ? 0 : 1);
  const result = await withCore(config, ({ services }) => incidentCommand(services.incidents, sub!, positionals[0], values, (m) => new UsageError(m)));
  print(io, !!values.json, result.json, result.text);
  return 0;
};
