import { escapeForTerminal } from './terminal-text.js';
/**
 * Renders rows as a plain aligned text table with a header rule, for people. Cells are one line:
 * line breaks and tabs become spaces, other control and bidi characters visible escapes.
 */
export function renderTable(headers: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const clean = (cell: string): string => escapeForTerminal(cell.replace(/[\r\n\t]+/g, ' '));
  const body = rows.map((row) => headers.map((_, i) => clean(row[i] ?? '')));
  const widths = headers.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]): string => cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ').trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n') + '\n';
}
