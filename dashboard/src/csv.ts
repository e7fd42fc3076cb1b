// CSV for exports (RFC 4180 quoting; cells that a spreadsheet would run as a formula are prefixed
// with an apostrophe) and a download of it, made in the browser from data already fetched.
const FORMULA = /^[=+\-@\t\r]/;

export function toCsv(rows: string[][]): string {
  const cell = (value: string) => {
    const safe = FORMULA.test(value) ? `'${value}` : value;
    return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

export function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
