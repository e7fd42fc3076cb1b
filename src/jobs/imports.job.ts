// Runs an account's queued file imports (docs/imports.md), oldest first. Queued the moment a file
// is received, so any `svc worker` (or `svc start`) claims it within a poll.
import type { JobDefinition } from './types.ts';
import { scheduleOf } from './catalog.ts';

export const importsJob: JobDefinition = {
  ...scheduleOf('imports'),
  async run({ services, accountId, signal }) {
    return services.imports.runQueued(accountId, signal);
  },
};
