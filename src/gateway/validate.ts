// Arguments of a tool call checked against the tool's JSON Schema (draft-07 or 2020-12) with a
// real validator before anything is sent downstream. Schemas come from downstream servers, so they
// are untrusted: their regular expressions (pattern, patternProperties, propertyNames) run on
// RE2JS, a linear-time engine (no backtracking, so no pattern holds the event loop); properties
// are checked as own properties (`__proto__`, `constructor` are names like any other); a schema
// over the size or depth bound, one that does not compile (a backreference, a lookaround, a bad
// $ref) or whose $ref recursion never ends is unusable: its tool refuses calls (MDKG_SCHEMA_UNUSABLE).
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Options, ValidateFunction } from 'ajv';
import type { RegExpEngine } from 'ajv/dist/types/index.js';
import { RE2JS } from 're2js';

/** Nesting depth and node count a schema may have (arrays and objects, at any level). */
export const MAX_SCHEMA_DEPTH = 64;
export const MAX_SCHEMA_NODES = 20_000;
/** Nesting depth arguments may have (deeper ones are refused for that call; the schema stays usable). */
export const MAX_ARGUMENT_DEPTH = 256;

/** The linear-time engine ajv compiles every schema pattern with (JS syntax translated to RE2's). */
export const linearRegExp: RegExpEngine = Object.assign(
  (pattern: string, _flags: string) => {
    const re = RE2JS.compile(RE2JS.translateRegExp(pattern));
    // ajv keys compiled patterns by toString(): it must name the pattern.
    return { test: (s: string) => re.test(s), toString: () => `re2js:${pattern}` };
  },
  { code: 'linearRegExp' },
);

const options: Options = { allErrors: true, strict: false, ownProperties: true, code: { regExp: linearRegExp } };
const draft7 = new Ajv(options);
const draft2020 = new Ajv2020(options);
addFormats.default(draft7);
addFormats.default(draft2020);

type Compiled = { validate: ValidateFunction } | { unusable: string };
/**
 * Per tool key: the schema object last seen, its JSON text, and the outcome. A relisted tool brings
 * a new object: it is compiled again only when its text changed.
 */
const compiled = new Map<string, { schema: unknown; text: string; entry: Compiled }>();

/** What checking arguments found: problems (empty when valid), or why the schema cannot be used. */
export type ArgumentCheck = { problems: string[] } | { unusable: string };

/** Depth and size of a JSON value, walked without recursion; a reason when over a bound. */
function overBounds(schema: unknown): string | undefined {
  const stack: [unknown, number][] = [[schema, 1]];
  let nodes = 0;
  while (stack.length > 0) {
    const [value, depth] = stack.pop() as [unknown, number];
    if (value === null || typeof value !== 'object') continue;
    if (++nodes > MAX_SCHEMA_NODES) return `it has more than ${MAX_SCHEMA_NODES} objects and arrays`;
    if (depth > MAX_SCHEMA_DEPTH) return `it nests deeper than ${MAX_SCHEMA_DEPTH} levels`;
    for (const child of Object.values(value)) stack.push([child, depth + 1]);
  }
  return undefined;
}

/**
 * ajv skips a property named `__proto__` in `properties` (a guard of its own): checking renames it,
 * in the schema's property lists and in the value's keys alike (copies; the value sent is unchanged).
 */
const PROTO = '__proto__';
const ESCAPED = '__proto__\u0000mdkg';
const KEYED = new Set(['properties', 'dependentRequired', 'dependentSchemas', 'dependencies']);

function escapeNames(value: unknown, schema: boolean, parentKey = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => (schema && parentKey === 'required' && v === PROTO ? ESCAPED : escapeNames(v, schema)));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const name = k === PROTO && (!schema || KEYED.has(parentKey)) ? ESCAPED : k;
    Object.defineProperty(out, name, {
      value: escapeNames(v, schema, schema && !KEYED.has(parentKey) ? k : ''),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** Whether `__proto__` appears as a key in a parsed JSON value, and how deep it nests (walked without recursion). */
function shape(value: unknown): { proto: boolean; depth: number } {
  const stack: [unknown, number][] = [[value, 0]];
  let proto = false;
  let depth = 0;
  while (stack.length > 0) {
    const [v, d] = stack.pop() as [unknown, number];
    if (v === null || typeof v !== 'object') continue;
    depth = Math.max(depth, d + 1);
    if (depth > MAX_ARGUMENT_DEPTH) break;
    if (Object.hasOwn(v, PROTO)) proto = true;
    for (const child of Object.values(v)) stack.push([child, d + 1]);
  }
  return { proto, depth };
}

/** Schemas compiled so far (tests: an unchanged relisted schema is not compiled again). */
export const compileCount = { value: 0 };

function compile(schema: unknown): Compiled {
  compileCount.value += 1;
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return { unusable: 'it is not a JSON object' };
  const over = overBounds(schema);
  if (over !== undefined) return { unusable: over };
  try {
    const s = schema as { $schema?: unknown };
    const ajv = typeof s.$schema === 'string' && s.$schema.includes('2020-12') ? draft2020 : draft7;
    const { $schema: _ignored, ...rest } = s as Record<string, unknown>;
    const source = (shape(rest).proto ? escapeNames(rest, true) : rest) as object;
    const validate = ajv.compile(source);
    // ajv keeps every schema it compiled, keyed by the object: the function is kept here instead.
    ajv.removeSchema(source);
    return { validate };
  } catch (error) {
    return { unusable: oneLine(error) };
  }
}

/** A schema's JSON text, to tell a relisted schema that is unchanged; '' when it has none (never taken as unchanged). */
function schemaText(schema: unknown): string {
  try {
    return JSON.stringify(schema) ?? '';
  } catch {
    return '';
  }
}

function oneLine(error: unknown): string {
  const message = error instanceof RangeError ? 'its $ref recursion never ends' : (error as Error).message;
  return String(message).replace(/\s+/g, ' ').slice(0, 300);
}

/** Problems of `value` against `schema`, one line each, or why the schema is unusable. Compiled once per key. */
export function checkArguments(key: string, schema: unknown, value: unknown): ArgumentCheck {
  const known = compiled.get(key);
  let entry = known !== undefined && known.schema === schema ? known.entry : undefined;
  let text = known?.text ?? '';
  if (entry === undefined) {
    text = schemaText(schema);
    entry = known !== undefined && text !== '' && known.text === text ? known.entry : compile(schema);
    compiled.set(key, { schema, text, entry });
  }
  if ('unusable' in entry) return { unusable: `the input schema cannot be used: ${entry.unusable}` };
  const { proto, depth } = shape(value);
  if (depth > MAX_ARGUMENT_DEPTH) return { problems: [`arguments nest deeper than ${MAX_ARGUMENT_DEPTH} levels`] };
  let valid: boolean;
  try {
    valid = entry.validate(proto ? escapeNames(value, false) : value) as boolean;
  } catch (error) {
    // Arguments are at most 256 levels deep: a stack overflow is a schema that recurses without
    // consuming the value, unusable from now on.
    entry = { unusable: oneLine(error) };
    compiled.set(key, { schema, text, entry });
    return { unusable: `the input schema cannot be used: ${entry.unusable}` };
  }
  if (valid) return { problems: [] };
  return {
    problems: (entry.validate.errors ?? []).map((e) =>
      `${e.instancePath === '' ? 'arguments' : `arguments${e.instancePath}`} ${e.message ?? 'is invalid'}${e.params !== undefined && 'additionalProperty' in e.params ? ` ('${String(e.params.additionalProperty)}')` : ''}`.replaceAll(
        ESCAPED,
        PROTO,
      ),
    ),
  };
}
