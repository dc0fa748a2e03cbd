import type { Diagnostic, MdkgCode, Severity } from '../../errors.js';

/** Collects diagnostics for one spec; the same message is reported once however often it is met. */
export class Reporter {
  readonly diagnostics: Diagnostic[] = [];
  private readonly seen = new Set<string>();
  private readonly file: string | undefined;

  constructor(file: string | undefined) {
    this.file = file;
  }

  report(code: MdkgCode, severity: Severity, message: string, position?: { line: number; column: number }): void {
    const key = `${code} ${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const diagnostic: Diagnostic = { code, severity, message };
    if (this.file !== undefined) diagnostic.file = this.file;
    if (position !== undefined) {
      diagnostic.line = position.line;
      diagnostic.column = position.column;
    }
    this.diagnostics.push(diagnostic);
  }
}
