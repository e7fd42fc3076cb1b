// CSV export (decisions.md): a header row of the JSON field names in order, RFC 4180 quoting,
// and formula-injection guarding: a text cell starting with = + - or @ that is not a number gets
// a leading apostrophe.
const NUMBER = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(columns: readonly string[], rows: ReadonlyArray<Record<string, unknown>>): string {
  const lines = [columns.map(cell).join(',')];
  for (const row of rows) lines.push(columns.map((c) => cell(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
