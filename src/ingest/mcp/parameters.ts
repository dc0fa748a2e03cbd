import type { ToolParameter } from '../types.js';
import { describeJson, describeNotStringArray, isObject, isStringArray, type Report } from './values.js';

/**
 * A readable type for a JSON Schema: its `type` (`string`), a type union (`string | null`), the
 * branches of `anyOf`/`oneOf` (`string | number`), or what `const`/`enum` values are. Undefined
 * when nothing says.
 */
export function readableType(schema: unknown): string | undefined {
  if (!isObject(schema)) return undefined;
  const { type } = schema;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return join(type.filter((t): t is string => typeof t === 'string'));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) {
      const types = join(branches.map(readableType).filter((t): t is string => t !== undefined));
      if (types !== undefined) return types;
    }
  }
  if (Object.hasOwn(schema, 'const')) return valueType(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return join(schema.enum.map(valueType));
  return undefined;
}

function join(types: string[]): string | undefined {
  const unique = [...new Set(types.flatMap((t) => t.split(' | ')))];
  return unique.length === 0 ? undefined : unique.join(' | ');
}

function valueType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/**
 * The parameters of an MCP `inputSchema`: one per property, in the schema's order. Problems
 * (properties or `required` of the wrong shape) are reported and the part ignored.
 */
export function parametersFromSchema(inputSchema: Record<string, unknown>, report: Report): ToolParameter[] {
  if (inputSchema.type !== undefined && inputSchema.type !== 'object') {
    report('warning', `inputSchema.type should be "object", got ${describeJson(inputSchema.type)}`);
  }
  const required = new Set<string>();
  if (inputSchema.required !== undefined) {
    const list = inputSchema.required;
    if (isStringArray(list)) for (const name of list) required.add(name);
    else report('warning', `inputSchema.required must be an array of strings, got ${describeNotStringArray(list)}; ignored`);
  }
  const properties = inputSchema.properties;
  if (properties === undefined) return [];
  if (!isObject(properties)) {
    report('warning', `inputSchema.properties must be an object, got ${describeJson(properties)}; no parameters read`);
    return [];
  }
  return Object.entries(properties).map(([name, schema]) => parameter(name, schema, required.has(name)));
}

function parameter(name: string, schema: unknown, required: boolean): ToolParameter {
  const p: ToolParameter = { name, required };
  if (!isObject(schema)) return p;
  const type = readableType(schema);
  if (type !== undefined) p.type = type;
  if (typeof schema.description === 'string') p.description = schema.description;
  if (Array.isArray(schema.enum)) p.enum = schema.enum;
  if (Object.hasOwn(schema, 'default')) p.default = schema.default;
  return p;
}
