// The V8 heap setting of the processes that run jobs (`svc worker`, `svc start`): how far the old
// generation may grow past what was live at its last full collection before the next one. V8's
// default on a machine of this size lets it reach about four times the live set: a Shopify
// backfill, whose live set is small (about 60 MB during a 2,000-record batch, 40 MB after) but
// whose batches live long enough to be promoted, peaked at 450-500 MB of RSS, nearly all of it
// garbage waiting for a collection. 50% keeps its peak near 300 MB at the same speed
// (docs/connectors/shopify.md, "Memory"). Node refuses this flag in NODE_OPTIONS, so it is set at
// start-up; a `--heap-growing-percent` given to node itself wins.
import { setFlagsFromString } from 'node:v8';

export const HEAP_GROWING_PERCENT = 50;

/** Sets V8's heap growing factor to 1 + HEAP_GROWING_PERCENT / 100, unless node was started with one. */
export function boundHeapGrowth(execArgv: readonly string[] = process.execArgv): void {
  if (execArgv.some((arg) => arg.startsWith('--heap-growing-percent') || arg.startsWith('--heap_growing_percent'))) return;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
