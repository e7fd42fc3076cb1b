// Summarises a .cpuprofile (from `bench/webhooks.ts --profile DIR`, or node --cpu-prof): self time
// by package or file, the heaviest functions, and the inclusive time of named functions.
//   node bin/run-ts.js bench/lib/profile-summary.ts <file.cpuprofile> [function names...]
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, ...named] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [function names...]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  self.set(id, (self.get(id) ?? 0) + dt);
  total += dt;
});

const shortUrl = (url: string) => url.replace(/^.*node_modules\//, 'nm/').replace(/^file:\/\/.*?\/(src|bench|test)\//, '$1/');
/** A package (nm/name or nm/@scope/name), a file of ours, or V8's pseudo-frames. */
function place(frame: ProfileNode['callFrame']): string {
  const url = shortUrl(frame.url);
  if (!url) return frame.functionName;
  if (url.startsWith('nm/'))
    return url
      .split('/')
      .slice(0, url.startsWith('nm/@') ? 3 : 2)
      .join('/');
  if (url.startsWith('wasm://')) return 'wasm (Prisma query compiler)';
  return url;
}

const byPlace = new Map<string, number>();
const byFunction = new Map<string, number>();
for (const [id, us] of self) {
  const frame = nodes.get(id)!.callFrame;
  const where = place(frame);
  byPlace.set(where, (byPlace.get(where) ?? 0) + us);
  const fn = `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
}

// Inclusive time of each named function (outermost frame only, so recursion is not counted twice).
const inclusive = new Map<string, number>(named.map((n) => [n, 0]));
function walk(id: number, open: ReadonlySet<string>): number {
  const node = nodes.get(id)!;
  const name = node.callFrame.functionName;
  const counted = inclusive.has(name) && !open.has(name);
  const next = counted ? new Set([...open, name]) : open;
  let sum = self.get(id) ?? 0;
  for (const child of node.children ?? []) sum += walk(child, next);
  if (counted) inclusive.set(name, inclusive.get(name)! + sum);
  return sum;
}
walk(profile.nodes[0]!.id, new Set());

// Each sample's layer: the innermost frame on its stack that one of these rules names (first rule that matches).
const LAYERS: Array<[string, (f: ProfileNode['callFrame']) => boolean]> = [
  ['profiler itself (inspector)', (f) => f.url === 'node:inspector'],
  ['zod (row parsing)', (f) => f.url.includes('/zod/')],
  ['Prisma client and query compiler', (f) => f.url.includes('/@prisma/') || f.url.startsWith('wasm://')],
  ['pg driver (incl. socket writes)', (f) => /\/pg(-protocol|-pool|-types)?\//.test(f.url)],
  ['receiver (test server)', (f) => f.url.includes('helpers/receiver.ts') || f.url === 'node:_http_server'],
  ['signing (HMAC headers)', (f) => f.functionName === 'deliveryHeaders'],
  [
    'HTTP client (request, TLS, response)',
    (f) => ['postOnce', 'postToCheckedAddress'].includes(f.functionName) || f.url === 'node:_http_client' || f.url === 'node:_http_agent',
  ],
  ['address check and URL', (f) => f.functionName === 'resolveSafeTarget' || f.functionName === 'URL'],
  ['claims and fan-out (ours)', (f) => f.url.endsWith('delivery/claims.ts')],
  ['record of attempts (ours)', (f) => f.url.endsWith('delivery/repo.ts') || f.url.endsWith('delivery/recorder.ts')],
  ['dispatcher bookkeeping', (f) => /delivery\/(dispatcher|waiting|destinations|deliver|attempt)\.ts$/.test(f.url)],
  ['TLS (either side)', (f) => f.url === 'node:_tls_wrap'],
  ['garbage collector', (f) => f.functionName === '(garbage collector)'],
  ['idle', (f) => f.functionName === '(idle)'], // counted in the sampled total, not in busy
];
const parentOf = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
const byLayer = new Map<string, number>();
for (const [id, us] of self) {
  let layer = 'other (event loop, streams, timers)';
  for (let cur: number | undefined = id; cur !== undefined; cur = parentOf.get(cur)) {
    const hit = LAYERS.find(([, match]) => match(nodes.get(cur!)!.callFrame));
    if (hit) {
      layer = hit[0];
      break;
    }
  }
  byLayer.set(layer, (byLayer.get(layer) ?? 0) + us);
}

const busy = total - (byPlace.get('(idle)') ?? 0);
byPlace.delete('(idle)');
for (const key of byFunction.keys()) if (key.startsWith('(idle)')) byFunction.delete(key);
const rows = (map: Map<string, number>, n: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, us]) => `${(us / 1000).toFixed(0).padStart(7)} ms ${((100 * us) / busy).toFixed(1).padStart(5)}%  ${k}`)
    .join('\n');
console.log(`${file}: ${(total / 1000).toFixed(0)} ms sampled, ${(busy / 1000).toFixed(0)} ms busy (percentages of busy)`);
byLayer.delete('idle');
console.log('\nby layer (innermost recognised frame)\n' + rows(byLayer, LAYERS.length + 1));
console.log('\nself time by place\n' + rows(byPlace, 30));
console.log('\nheaviest functions (self)\n' + rows(byFunction, 30));
if (named.length) console.log('\ninclusive time of named functions\n' + rows(inclusive, named.length));
