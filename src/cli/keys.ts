// `svc accounts create|refund-attribution` and `svc keys create|list|revoke`: the operator's door to
// accounts and API keys (the same services the API uses).
import { withCore } from '../main.ts';
import { json, parse, parseDate, print, requireString, UsageError, type Command } from './args.ts';
import { keyState } from '../domain/keys/index.ts';
import { REFUND_ATTRIBUTIONS, type RefundAttribution } from '../domain/ingestion/index.ts';

export const accountsCreateCommand: Command = async ({ config, io, args }) => {
  const { values } = parse(args, { ...json, name: { type: 'string' }, plan: { type: 'string' }, currency: { type: 'string' }, timezone: { type: 'string' } });
  const name = requireString(values, 'name');
  const account = await withCore(config, ({ services }) =>
    services.accounts.createAccount({
      name,
      plan: values.plan as string | undefined,
      currency: values.currency as string | undefined,
      timezone: values.timezone as string | undefined,
    }),
  );
  print(io, !!values.json, { id: account.id, name: account.name, plan: account.plan, created_at: account.createdAt.toISOString() }, account.id);
  return 0;
};

/** Reads the account's refund attribution, or sets it with --set (a change marks the days its refunds touch for the catch-up). */
export const accountsRefundAttributionCommand: Command = async ({ config, io, args }) => {
  const { values } = parse(args, { ...json, account: { type: 'string' }, set: { type: 'string' } });
  const accountId = requireString(values, 'account');
  const wanted = values.set as string | undefined;
  if (wanted !== undefined && !(REFUND_ATTRIBUTIONS as readonly string[]).includes(wanted))
    throw new UsageError(`--set must be ${REFUND_ATTRIBUTIONS.join(' or ')}`);
  const result = await withCore(config, async ({ services }) =>
    wanted === undefined
      ? { attribution: await services.ingestion.getRefundAttribution(accountId), changed: false, markedDays: 0 }
      : services.ingestion
          .setRefundAttribution(accountId, wanted as RefundAttribution)
          .then((r) => ({ attribution: r.attribution, changed: r.changed, markedDays: r.changes.days.length })),
  );
  const summary = { account_id: accountId, refund_attribution: result.attribution, changed: result.changed, marked_days: result.markedDays };
  const text = result.changed
    ? `refund attribution of ${accountId} is now ${result.attribution}; ${result.markedDays} days marked for the analytics catch-up`
    : `refund attribution of ${accountId} is ${result.attribution}`;
  print(io, !!values.json, summary, text);
  return 0;
};

export const keysCreateCommand: Command = async ({ config, io, args }) => {
  const { values } = parse(args, {
    ...json,
    account: { type: 'string' },
    scopes: { type: 'string' },
    live: { type: 'boolean', default: false },
    expires: { type: 'string' },
    name: { type: 'string' },
  });
  const accountId = requireString(values, 'account');
  const scopes = requireString(values, 'scopes').split(',');
  const expiresAt = typeof values.expires === 'string' ? parseDate(values.expires) : null;
  const key = await withCore(config, ({ services }) =>
    services.keys.createKey({ accountId, scopes, environment: values.live ? 'live' : 'test', expiresAt, name: (values.name as string) ?? '' }),
  );
  const summary = {
    id: key.id,
    key: key.key,
    prefix: key.prefix,
    account_id: key.accountId,
    environment: key.environment,
    scopes: key.scopes,
    expires_at: key.expiresAt?.toISOString() ?? null,
  };
  print(io, !!values.json, summary, `${key.key}\n(shown once: store it now; id ${key.id}, prefix ${key.prefix})`);
  return 0;
};

export const keysListCommand: Command = async ({ config, io, args }) => {
  const { values } = parse(args, { ...json, account: { type: 'string' } });
  const keys = await withCore(config, ({ services }) => services.keys.listKeys(values.account as string | undefined));
  const now = Date.now();
  const rows = keys.map((k) => ({
    id: k.id,
    prefix: k.prefix,
    account_id: k.accountId,
    name: k.name,
    environment: k.environment,
    scopes: k.scopes,
    status: keyState(k, new Date(now)),
    expires_at: k.expiresAt?.toISOString() ?? null,
    last_used_at: k.lastUsedAt?.toISOString() ?? null,
    created_at: k.createdAt.toISOString(),
  }));
  const text = rows.length
    ? rows.map((r) => `${String(r.id).padStart(5)}  ${r.prefix}…  ${r.account_id}  ${r.scopes.join(',').padEnd(10)}  ${r.status}`).join('\n')
    : 'no keys';
  print(io, !!values.json, { keys: rows }, text);
  return 0;
};

export const keysRevokeCommand: Command = async ({ config, io, args }) => {
  const { values, positionals } = parse(args, json, 1);
  const key = await withCore(config, ({ services }) => services.keys.revokeKey(positionals[0]!));
  print(
    io,
    !!values.json,
    { id: key.id, prefix: key.prefix, revoked_at: key.revokedAt?.toISOString() ?? null, already_revoked: key.alreadyRevoked },
    key.alreadyRevoked ? `key ${key.id} was already revoked` : `revoked key ${key.id} (${key.prefix}…)`,
  );
  return 0;
};
