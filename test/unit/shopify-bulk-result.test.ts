// The Shopify backfill's reading of a bulk result without a database or a server: lines split at
// any chunk boundary (inside a multi-byte character too) with their exact sizes in bytes, and the
// spool that keeps a scanned download on disk for the join: the same lines read back, the file
// removed afterwards, and removed too when the download fails half-way.
import { access, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReadableStream } from 'node:stream/web';
import { lateParentScan, linesOf, spoolAndScan, type ResultLine } from '../../src/connectors/shopify/bulk-result.ts';

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
/** `text` as a stream of `size`-byte chunks (which cut lines and characters anywhere). */
function chunked(text: string, size: number, fail?: Error): ReadableStream<Uint8Array> {
  const bytes = Buffer.from(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return fail ? controller.error(fail) : controller.close();
      controller.enqueue(new Uint8Array(bytes.subarray(at, (at += size))));
    },
  });
}
const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

let root = '';
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'bulk-result-test-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

const JSONL = '{"id":"gid://shopify/Order/1","name":"Zoë"}\r\n{"id":"gid://shopify/LineItem/2","__parentId":"gid://shopify/Order/1"}\n\n{"id":"€"}';
const WANT: ResultLine[] = [
  { text: '{"id":"gid://shopify/Order/1","name":"Zoë"}', bytes: Buffer.byteLength('{"id":"gid://shopify/Order/1","name":"Zoë"}') + 2 },
  { text: '{"id":"gid://shopify/LineItem/2","__parentId":"gid://shopify/Order/1"}', bytes: 71 },
  { text: '', bytes: 1 },
  { text: '{"id":"€"}', bytes: Buffer.byteLength('{"id":"€"}') + 1 },
];

test.each([1, 2, 3, 7, 64, 4096])('lines split from chunks of %i bytes: the same texts, a \\r before a newline dropped, sizes in bytes', async (size) => {
  const chunks = (async function* () {
    const bytes = Buffer.from(JSONL);
    for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
  })();
  expect(await collect(linesOf(chunks))).toEqual(WANT);
  expect(WANT.reduce((sum, l) => sum + l.bytes, 0)).toBe(Buffer.byteLength(JSONL) + 1);
});

test('a spooled download: every line scanned as it arrives, the same lines read back from the file, the file removed after', async () => {
  const scanned: ResultLine[] = [];
  const spool = await spoolAndScan(chunked(JSONL, 5), (line) => scanned.push(line), root);
  expect(await readdir(root)).toEqual([spool.dir.slice(root.length + 1)]);
  expect(scanned).toEqual(WANT);
  expect(await collect(spool.lines())).toEqual(WANT);
  // Read twice (a second pass reads the same file).
  expect(await collect(spool.lines())).toEqual(WANT);
  expect(await exists(spool.dir)).toBe(true);
  await spool.remove();
  expect(await exists(spool.dir)).toBe(false);
  await spool.remove();
});

test('a download that fails half-way: the error is the caller’s, and no file stays behind', async () => {
  const lines: string[] = [];
  const failure = new Error('connection reset');
  await expect(spoolAndScan(chunked(JSONL.repeat(50), 100, failure), (line) => lines.push(line.text), root)).rejects.toThrow('connection reset');
  expect(lines.length).toBeGreaterThan(10);
  expect(await readdir(root)).toEqual([]);
});

test('a scan that throws stops the download and removes its file', async () => {
  let seen = 0;
  await expect(
    spoolAndScan(
      chunked(JSONL.repeat(20), 50),
      () => {
        if (++seen === 5) throw new Error('bad line');
      },
      root,
    ),
  ).rejects.toThrow('bad line');
  expect(seen).toBe(5);
  expect(await readdir(root)).toEqual([]);
});

describe('the late-line scan', () => {
  const record = (n: number) => ({ text: `{"id":"gid://shopify/Order/${n}","customer":{"id":"gid://shopify/Customer/9"}}`, bytes: 1 });
  const child = (n: number, parent: number) => ({ text: `{"id":"gid://shopify/LineItem/${n}","__parentId":"gid://shopify/Order/${parent}"}`, bytes: 1 });

  test('children right after their record: no late record, no lag (the join keeps one record open)', () => {
    const { scan, late, maxLag } = lateParentScan(3);
    for (let n = 0; n < 10; n++) [record(n), child(100 + n, n), child(200 + n, n)].forEach(scan);
    expect([...late]).toEqual([]);
    expect(maxLag()).toBe(0);
  });

  test('children 2 records after theirs: lag 2; 4 records after, with a window of 3: that record is late, the lag stays 2', () => {
    const { scan, late, maxLag } = lateParentScan(3);
    [record(0), record(1), record(2), child(100, 0), record(3), record(4), record(5), record(6), child(101, 2), child(102, 6)].forEach(scan);
    expect([...late]).toEqual(['gid://shopify/Order/2']);
    expect(maxLag()).toBe(2);
  });

  test('a flat stream (children name top-level records only): the same late records and lag, children’s own ids not kept', () => {
    const { scan, late, maxLag } = lateParentScan(3, true);
    [record(0), record(1), record(2), child(100, 0), record(3), record(4), record(5), record(6), child(101, 2), child(102, 6)].forEach(scan);
    // A line naming a child's id finds nothing: in a flat stream it would be an orphan of no record.
    scan({ text: '{"id":"gid://shopify/X/1","__parentId":"gid://shopify/LineItem/102"}', bytes: 1 });
    expect([...late]).toEqual(['gid://shopify/Order/2', 'gid://shopify/LineItem/102']);
    expect(maxLag()).toBe(2);
  });

  test('a top-level line without an id: no lag is known, the whole window', () => {
    const { scan, maxLag } = lateParentScan(5);
    [record(0), { text: '{"name":"no id"}', bytes: 1 }, { text: '', bytes: 1 }, record(1)].forEach(scan);
    expect(maxLag()).toBe(5);
  });
});
