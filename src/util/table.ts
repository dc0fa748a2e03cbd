import { escapeForTerminal } from './terminal-text.js';

/**
 * Renders rows as a plain aligned text table with a header rule: one line per row, whatever the
 * cells hold (control, bidi and line-breaking characters are shown as escapes, see
 * escapeForTerminal). Linear in the size of the table.
 */
export function renderTable(headers: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const head = headers.map((h) => escapeForTerminal(h));
  const body = rows.map((row) => headers.map((_, i) => escapeForTerminal(row[i] ?? '')));
  const widths = head.map((h) => h.length);
  for (const row of body) {
    for (const [i, cell] of row.entries()) if (cell.length > (widths[i] ?? 0)) widths[i] = cell.length;
  }
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const lines = [line(head), line(widths.map((w) => '-'.repeat(w)))];
  for (const row of body) lines.push(line(row));
  return `${lines.join('\n')}\n`;
}
