import { isCollection, isPair, LineCounter, parseDocument, visit } from 'yaml';
import type { Diagnostic } from '../errors.js';
import { positionOf } from '../util/text-position.js';
import { parseFrontMatterFast } from './yaml-fast.js';
import { parseFrontMatterSubset } from './yaml-subset.js';

export { parseFrontMatterFast } from './yaml-fast.js';

export interface FrontMatterResult {
  value: Record<string, unknown> | undefined;
  diagnostics: Diagnostic[];
}

/**
 * Parses YAML front matter as JSON (YAML 1.2 core schema: dates stay strings, no custom tags);
 * `firstLine` is the 1-based line of the YAML text in the file, so positions point into the file.
 * The writer's own block YAML is read by yaml-subset.ts, other plain front matter goes through js-yaml 4 (several times faster than `yaml`'s document model);
 * anything the fast path is not sure of, and every error, goes through `yaml`, which alone decides
 * the diagnostics. Both give the same value wherever the fast path answers (front-matter.test.ts).
 */
export function parseFrontMatter(text: string, file: string, firstLine: number): FrontMatterResult {
  // The block YAML mdkg writes itself is read without a YAML library (yaml-subset.ts), then plain
  // YAML by js-yaml; both decline whatever they are not sure of.
  const value = parseFrontMatterSubset(text) ?? parseFrontMatterFast(text);
  if (value !== undefined) return { value, diagnostics: [] };
  return parseFrontMatterSlow(text, file, firstLine);
}

/**
 * The `yaml` path: exact diagnostics (codes, messages, lines and columns) for every problem.
 * Exported for the differential tests only (not part of the package API).
 */
export function parseFrontMatterSlow(text: string, file: string, firstLine: number): FrontMatterResult {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, schema: 'core', strict: true });
  const diagnostics: Diagnostic[] = [];
  visit(doc, {
    Pair(_, pair) {
      if (isPair(pair) && isCollection(pair.key)) {
        const pos = lineCounter.linePos(pair.key.range?.[0] ?? 0);
        diagnostics.push({
          code: 'MDKG_YAML_INVALID',
          severity: 'error',
          message: 'invalid YAML front matter: a key must be a plain scalar, not a list or mapping',
          file,
          line: pos.line + firstLine - 1,
          column: pos.col,
        });
      }
    },
  });
  for (const error of [...doc.errors, ...doc.warnings]) {
    const pos = lineCounter.linePos(error.pos[0]);
    diagnostics.push({
      code: 'MDKG_YAML_INVALID',
      severity: 'error',
      message: `invalid YAML front matter: ${error.message.split('\n')[0] ?? error.code}`,
      file,
      line: pos.line + firstLine - 1,
      column: pos.col,
    });
  }
  if (diagnostics.length > 0) return { value: undefined, diagnostics };
  let json: unknown;
  try {
    json = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    diagnostics.push({
      code: 'MDKG_YAML_INVALID',
      severity: 'error',
      message: `invalid YAML front matter: ${(error as Error).message}`,
      file,
      line: firstLine,
      column: 1,
    });
    return { value: undefined, diagnostics };
  }
  if (json === null || json === undefined) return { value: {}, diagnostics };
  const impure = firstNonJson(json);
  if (impure !== undefined) {
    diagnostics.push({
      code: 'MDKG_YAML_INVALID',
      severity: 'error',
      message: `invalid YAML front matter: ${impure} is not plain JSON data (no custom tags, binary or infinite numbers)`,
      file,
      line: firstLine,
      column: 1,
    });
    return { value: undefined, diagnostics };
  }
  if (typeof json !== 'object' || Array.isArray(json)) {
    diagnostics.push({
      code: 'MDKG_FRONT_MATTER_NOT_OBJECT',
      severity: 'error',
      message: 'front matter must be a YAML mapping of keys to values',
      file,
      line: firstLine,
      column: 1,
    });
    return { value: undefined, diagnostics };
  }
  return { value: json as Record<string, unknown>, diagnostics };
}

/** 1-based line and column of the first occurrence of a key in YAML or JSON text, for diagnostics. */
export function locateKey(text: string, key: string, firstLine: number): { line: number; column: number } | undefined {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`(^|[\\s{,\\[-])("${escaped}"|'${escaped}'|${escaped})\\s*:`, 'm');
  const match = pattern.exec(text);
  if (match === null) return undefined;
  return positionOf(text, match.index + (match[1]?.length ?? 0), firstLine);
}

/** Names the first value that JSON cannot hold (Buffer, Map, Set, Date, …), or undefined. */
function firstNonJson(value: unknown, depth = 0): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : String(value);
  if (depth > 64) return 'a value nested over 64 levels';
  if (Array.isArray(value)) {
    for (const item of value) {
      const bad = firstNonJson(item, depth + 1);
      if (bad !== undefined) return bad;
    }
    return undefined;
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const item of Object.values(value as Record<string, unknown>)) {
      const bad = firstNonJson(item, depth + 1);
      if (bad !== undefined) return bad;
    }
    return undefined;
  }
  return `a ${Object.prototype.toString.call(value).slice(8, -1)}`;
}
