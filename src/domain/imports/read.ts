// The file formats as streams of numbered rows: CSV through csv-parse (a header row, then one
// array of cells per record) and NDJSON split on newlines (one JSON value per line). Neither keeps
// more than one record in memory: a record or line over MAX_RECORD_BYTES is a rejected row, never
// a buffer that grows with the file.
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';

export const MAX_RECORD_BYTES = 1024 * 1024;

/** One row of a file: its (first) line number and its cells, or why it could not be read. */
export type FileRow = { line: number; cells: string[] } | { line: number; value: unknown } | { line: number; unreadable: string };

/** CSV records with the line each starts on; a record csv-parse cannot read is an `unreadable` row and reading goes on. */
export async function* csvRows(source: Readable): AsyncGenerator<FileRow> {
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    max_record_size: MAX_RECORD_BYTES,
    info: true,
  });
  const skipped: FileRow[] = [];
  parser.on('skip', (error: Error & { lines?: number }) => {
    const line = error.lines ?? 0;
    // One record can fail more than once (each stray quote): it is reported once, with its first reason.
    if (skipped.at(-1)?.line === line) return;
    skipped.push({ line, unreadable: error.message.replace(/^Invalid Record Length: /, '') });
  });
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  let nextLine = 1;
  // The parser reads ahead of this loop: a record it skipped is reported in its place, after the
  // records before it (it had been reported before the header, which then seemed unreadable).
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    while (skipped.length && skipped[0]!.line <= info.lines) {
      const row = skipped.shift()!;
      nextLine = Math.max(nextLine, row.line + 1);
      yield row;
    }
    yield { line: nextLine, cells: record };
    nextLine = info.lines + 1;
  }
  while (skipped.length) yield skipped.shift()!;
}

/** NDJSON lines (blank lines skipped); a line that is not JSON, or too long, is `unreadable`. */
export async function* ndjsonRows(source: Readable): AsyncGenerator<FileRow> {
  let pieces: Buffer[] = [];
  let pending = 0;
  let overlong = false;
  let line = 0;
  const finish = (last: Buffer): FileRow | null => {
    line += 1;
    const tooLong = overlong || pending + last.length > MAX_RECORD_BYTES;
    const bytes = tooLong ? Buffer.alloc(0) : Buffer.concat([...pieces, last]);
    pieces = [];
    pending = 0;
    if (tooLong) {
      overlong = false;
      return { line, unreadable: `the line is longer than ${MAX_RECORD_BYTES} bytes` };
    }
    const text = bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim();
    if (!text) return null;
    try {
      return { line, value: JSON.parse(text) as unknown };
    } catch {
      return { line, unreadable: 'the line is not JSON' };
    }
  };
  for await (const chunk of source as AsyncIterable<Buffer>) {
    let start = 0;
    for (let at = chunk.indexOf(10, start); at !== -1; at = chunk.indexOf(10, start)) {
      const row = finish(chunk.subarray(start, at));
      if (row) yield row;
      start = at + 1;
    }
    const rest = chunk.subarray(start);
    if (overlong || pending + rest.length > MAX_RECORD_BYTES) {
      overlong = true;
      pieces = [];
      pending = 0;
    } else if (rest.length) {
      pieces.push(Buffer.from(rest));
      pending += rest.length;
    }
  }
  if (pending || overlong) {
    const row = finish(Buffer.alloc(0));
    if (row) yield row;
  }
}
