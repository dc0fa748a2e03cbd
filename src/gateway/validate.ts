// Arguments of a tool call checked against the tool's JSON Schema (draft-07 or 2020-12) with a
// real validator before anything is sent downstream.
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';

const draft7 = new Ajv({ allErrors: true, strict: false });
const draft2020 = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(draft7);
addFormats.default(draft2020);
const compiled = new Map<string, ValidateFunction | string>();

/** Problems of `value` against `schema`, one line each (empty when valid). Compiled once per key. */
export function checkArguments(key: string, schema: unknown, value: unknown): string[] {
  let validate = compiled.get(key);
  if (validate === undefined) {
    try {
      const s = schema as { $schema?: unknown };
      const ajv = typeof s.$schema === 'string' && s.$schema.includes('2020-12') ? draft2020 : draft7;
      const { $schema: _ignored, ...rest } = s as Record<string, unknown>;
      validate = ajv.compile(rest);
    } catch (error) {
      validate = `the tool's input schema cannot be used (${(error as Error).message})`;
    }
    compiled.set(key, validate);
  }
  if (typeof validate === 'string') return [];
  if (validate(value)) return [];
  return (validate.errors ?? []).map(
    (e) =>
      `${e.instancePath === '' ? 'arguments' : `arguments${e.instancePath}`} ${e.message ?? 'is invalid'}${e.params !== undefined && 'additionalProperty' in e.params ? ` ('${String(e.params.additionalProperty)}')` : ''}`,
  );
}
