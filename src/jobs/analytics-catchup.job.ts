// The analytics catch-up of one account: recomputes what the writes marked (docs/analytics.md,
// "Catch-up"). Not scheduled: the writes queue it (debounced), and every worker claims it in a lane
// of its own, so it never waits behind an hourly tick.
import type { DemandJobDefinition } from './types.ts';
import { CATCHUP_JOB } from '../domain/catchup/index.ts';

export const analyticsCatchupJob: DemandJobDefinition = {
  name: CATCHUP_JOB,
  async run({ services, accountId, now }) {
    return { rowsWritten: await services.catchup.catchUp(accountId, now) };
  },
};
