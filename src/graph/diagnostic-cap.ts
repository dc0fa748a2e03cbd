import type { Diagnostic, Severity } from '../errors.js';

/** Diagnostics kept per file; the rest are counted in one MDKG_TOO_MANY_DIAGNOSTICS per file. */
export const MAX_DIAGNOSTICS_PER_FILE = 100;

const RANK: Readonly<Record<Severity, number>> = { info: 0, warning: 1, error: 2 };

/**
 * The first `max` diagnostics of each file, in order, then for each file with more one summary
 * that counts the rest and has the worst severity among them (so `validate` still fails on a
 * hidden error). Diagnostics without a file are all kept.
 */
export function capDiagnostics(list: readonly Diagnostic[], max = MAX_DIAGNOSTICS_PER_FILE): Diagnostic[] {
  const shown = new Map<string, number>();
  const hidden = new Map<string, { count: number; severity: Severity }>();
  const out: Diagnostic[] = [];
  for (const d of list) {
    if (d.file === undefined) {
      out.push(d);
      continue;
    }
    const n = shown.get(d.file) ?? 0;
    if (n < max) {
      shown.set(d.file, n + 1);
      out.push(d);
      continue;
    }
    const h = hidden.get(d.file) ?? { count: 0, severity: 'info' };
    h.count += 1;
    if (RANK[d.severity] > RANK[h.severity]) h.severity = d.severity;
    hidden.set(d.file, h);
  }
  for (const [file, h] of hidden) {
    out.push({
      code: 'MDKG_TOO_MANY_DIAGNOSTICS',
      severity: h.severity,
      message: `${h.count} more problem${h.count === 1 ? '' : 's'} in this file not shown (the first ${max} are)`,
      file,
      line: 1,
      column: 1,
    });
  }
  return out;
}
