// A bulk operation's JSONL result as lines (docs/connectors/shopify-sync.md): read once over HTTP.
// A stream that must scan its result before it joins it (the orders, for children written beyond
// the join's window) spools the download to a temporary file while it scans, and the join reads
// that file: one download instead of two (the orders' result is about 1.5 KB an order, 1.5 GB for
// a million). The file is removed when the stream's download ends, whichever way it ends.
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebStream } from 'node:stream/web';

/** One line of a result: its text (without the newline) and its size in bytes, the newline included. */
export interface ResultLine {
  text: string;
  bytes: number;
}

/** Splits a stream of bytes into lines (`\n`, a `\r` before it dropped). A last line without a newline counts one byte for it. */
export async function* linesOf(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<ResultLine> {
  let pending: Buffer[] = [];
  for await (const bytes of chunks) {
    const chunk = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let start = 0;
    for (let end = chunk.indexOf(10); end >= 0; end = chunk.indexOf(10, start)) {
      if (pending.length) {
        const whole = Buffer.concat([...pending, chunk.subarray(start, end)]);
        pending = [];
        const cut = whole.length && whole[whole.length - 1] === 13 ? whole.length - 1 : whole.length;
        yield { text: whole.toString('utf8', 0, cut), bytes: whole.length + 1 };
      } else {
        // A line within the chunk: decoded in place (no Buffer view made for it: every line of a result passes here, twice for the orders).
        const cut = end > start && chunk[end - 1] === 13 ? end - 1 : end;
        yield { text: chunk.toString('utf8', start, cut), bytes: end - start + 1 };
      }
      start = end + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pending.length) {
    const whole = Buffer.concat(pending);
    yield { text: whole.toString('utf8'), bytes: whole.length + 1 };
  }
}

/** A downloaded result kept on disk for a second pass; `remove` deletes it (idempotent). */
export interface Spool {
  /** The file's folder, made for it alone. */
  dir: string;
  lines(): AsyncGenerator<ResultLine>;
  remove(): Promise<void>;
}

/**
 * Reads `body` line by line into `scan` while writing it to a temporary file, and answers the
 * file (in a folder of its own under `root`, the OS's temporary directory: TMPDIR) for the pass
 * that joins it. The file is removed if the download or the scan fails.
 */
export async function spoolAndScan(body: WebStream, scan: (line: ResultLine) => void, root = tmpdir()): Promise<Spool> {
  const dir = await mkdtemp(join(root, 'shopify-bulk-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  const path = join(dir, 'result.jsonl');
  const file = createWriteStream(path);
  const failed = new Promise<never>((_, reject) => file.once('error', reject));
  failed.catch(() => {});
  async function* tee(): AsyncGenerator<Uint8Array> {
    for await (const chunk of Readable.fromWeb(body) as AsyncIterable<Uint8Array>) {
      if (!file.write(chunk)) await Promise.race([once(file, 'drain'), failed]);
      yield chunk;
    }
  }
  try {
    for await (const line of linesOf(tee())) scan(line);
    file.end();
    await Promise.race([once(file, 'finish'), failed]);
  } catch (error) {
    file.destroy();
    await remove();
    throw error;
  }
  return { dir, lines: () => linesOf(createReadStream(path, { highWaterMark: 256 * 1024 })), remove };
}

/** The lines of a result read straight from its download (a stream that needs no scan first). */
export function streamedLines(body: WebStream): AsyncGenerator<ResultLine> {
  return linesOf(Readable.fromWeb(body) as AsyncIterable<Uint8Array>);
}

const ID = '"id":"';

/** The values of a line's `"id":"..."` members (non-empty), found by indexOf: the scan reads every line of the result. */
function idsIn(text: string): string[] {
  const ids: string[] = [];
  for (let at = text.indexOf(ID); at >= 0;) {
    const start = at + ID.length;
    const end = text.indexOf('"', start);
    if (end < 0) break;
    if (end > start) ids.push(text.slice(start, end));
    at = text.indexOf(ID, end + 1);
  }
  return ids;
}

/**
 * The scan of a result (a stream that reads records again): collects the ids of the records that
 * have a child more than `window` records after them, which the join would miss. Only ids are
 * kept: the last `window` records' ids (each record's own and its nested objects' and children's,
 * as the join indexes them) and the late parents found. The lines are scanned for ids, not parsed.
 * `maxLag` is then the furthest any other record's child came after it (in records): the join
 * need keep no record open longer (0: every child came before the next record, as Shopify
 * usually writes them). `flat`: children name only top-level records (their own ids are not kept).
 */
export function lateParentScan(window: number, flat = false): { scan: (line: ResultLine) => void; late: Set<string>; maxLag: () => number } {
  const late = new Set<string>();
  let maxLag = 0;
  /** Id -> the number of the record it belongs to, for the last `window` records. */
  const recent = new Map<string, number>();
  const records: string[][] = [];
  let record = -1;
  const PARENT = '"__parentId":"';
  const scan = ({ text }: ResultLine) => {
    const at = text.indexOf(PARENT);
    // A flat stream's children name top-level records only: their own ids are never parents.
    const ids = flat && at >= 0 ? [] : idsIn(text);
    if (at < 0) {
      if (!ids.length) {
        // A record without an id (not Shopify's) would be counted by the join and not here: no lag is known.
        if (text.trim()) maxLag = window;
        return;
      }
      record++;
      records.push([]);
      // The current record and the `window` before it stay (the join keeps at least as many open).
      if (records.length > window + 1) for (const id of records.shift()!) if (recent.get(id) === record - window - 1) recent.delete(id);
    } else {
      const parent = text.slice(at + PARENT.length, text.indexOf('"', at + PARENT.length));
      const owner = recent.get(parent);
      if (owner === undefined) {
        late.add(parent);
        return;
      }
      maxLag = Math.max(maxLag, record - owner);
      if (owner !== record) {
        // A child of an earlier record: its own ids belong to that record.
        for (const id of ids) if (!recent.has(id)) recent.set(id, owner);
        records[records.length - 1 - (record - owner)]!.push(...ids);
        return;
      }
    }
    for (const id of ids)
      if (!recent.has(id)) {
        recent.set(id, record);
        records[records.length - 1]!.push(id);
      }
  };
  return { scan, late, maxLag: () => maxLag };
}
