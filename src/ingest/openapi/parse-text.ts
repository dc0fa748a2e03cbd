import { LineCounter, parseDocument } from 'yaml';
import type { Reporter } from './reporter.js';

/** YAML aliases expanded beyond this count are refused (a "billion laughs" guard). */
const MAX_ALIAS_COUNT = 100;

/**
 * Parses a spec's text, JSON or YAML, told apart by content: text whose first non-blank character
 * is `{` or `[` is JSON (`JSON.parse`, fast on multi-megabyte specs), anything else YAML (the `yaml`
 * package, core schema: dates stay strings; duplicate keys and over 100 alias expansions refused).
 * A `file` named `.yaml` / `.yml` is always YAML (flow-style YAML starts with `{` too). A byte order
 * mark is ignored. Errors are MDKG_SOURCE_INVALID with line and column where the parser gives them;
 * the value is then undefined.
 */
export function parseSpecText(text: string, file: string | undefined, reporter: Reporter): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') {
    reporter.report('MDKG_SOURCE_INVALID', 'error', 'the spec is empty');
    return undefined;
  }
  if (/^\s*[[{]/.test(body) && !/\.ya?ml$/i.test(file ?? '')) {
    try {
      return JSON.parse(body) as unknown;
    } catch (error) {
      const message = (error as Error).message;
      reporter.report('MDKG_SOURCE_INVALID', 'error', `invalid JSON: ${message}`, jsonErrorPosition(body, message));
      return undefined;
    }
  }
  const yaml = readYaml(body);
  if (yaml.ok) return yaml.value;
  reporter.report('MDKG_SOURCE_INVALID', 'error', `invalid YAML: ${yaml.message}`, yaml.position);
  return undefined;
}

type YamlResult = { ok: true; value: unknown } | { ok: false; message: string; position?: { line: number; column: number } };

function readYaml(text: string): YamlResult {
  const lineCounter = new LineCounter();
  try {
    const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, schema: 'core' });
    const error = doc.errors[0];
    if (error !== undefined) {
      const pos = lineCounter.linePos(error.pos[0]);
      return { ok: false, message: error.message.split('\n')[0] ?? error.code, position: { line: pos.line, column: pos.col } };
    }
    return { ok: true, value: doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) as unknown };
  } catch (error) {
    // excessive aliases, or nesting deep enough to exhaust the stack
    return { ok: false, message: (error as Error).message };
  }
}

/** Line and column of a `JSON.parse` error, from "at position N" or "(line L column C)" in its message. */
function jsonErrorPosition(text: string, message: string): { line: number; column: number } | undefined {
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn !== null) return { line: Number(lineColumn[1]), column: Number(lineColumn[2]) };
  const position = /at position (\d+)/.exec(message);
  if (position === null) return undefined;
  const offset = Number(position[1]);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}
