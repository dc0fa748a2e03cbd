import type { ReadContext } from './context.js';
import { toParameter, type InputField } from './input-field.js';
import { isObject, own, ownObject, ownString, pointer, type Json } from './json.js';
import { chooseMediaType } from './media.js';
import type { OperationEntry } from './operations.js';
import { viewSchema } from './schema-view.js';

/** A parameter object of the spec, resolved, with where it sits. */
export interface SpecParameter {
  name: string;
  in: string;
  param: Json;
  at: string;
  /** The value as written (maybe a `$ref`), for collecting schema refs. */
  raw: unknown;
  rawAt: string;
}

const LOCATIONS_3 = new Set(['path', 'query', 'header', 'cookie']);
const LOCATIONS_2 = new Set(['path', 'query', 'header', 'formData', 'body']);

/**
 * The parameters of an operation: the path item's, then the operation's; an operation parameter
 * replaces the path item's of the same name and location (in its place). Parameters that are not
 * objects, lack a name, or have a location the spec version does not know are reported and skipped.
 */
export function specParameters(entry: OperationEntry, ctx: ReadContext): SpecParameter[] {
  const merged = new Map<string, SpecParameter>();
  const levels: Array<[Json, string]> = [
    [entry.pathItem, entry.pathItemAt],
    [entry.operation, entry.at],
  ];
  for (const [holder, holderAt] of levels) {
    const list = own(holder, 'parameters');
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      ctx.reporter.report('MDKG_TOOL_INVALID', 'warning', `parameters at ${pointer(holderAt, 'parameters')} is not a list; ignored`);
      continue;
    }
    for (const [index, raw] of list.entries()) {
      const rawAt = pointer(holderAt, 'parameters', String(index));
      const resolved = ctx.refs.deref(raw, rawAt);
      if (resolved.broken !== undefined) continue;
      const param = resolved.node;
      const name = ownString(param, 'name');
      const location = ownString(param, 'in');
      const known = ctx.version === '2.0' ? LOCATIONS_2 : LOCATIONS_3;
      if (!isObject(param) || name === undefined || location === undefined || !known.has(location)) {
        ctx.reporter.report(
          'MDKG_TOOL_INVALID',
          'warning',
          `parameter at ${rawAt} of ${entry.label} needs a name and a location (${[...known].join(', ')}); skipped`,
        );
        continue;
      }
      merged.set(`${location}\u0000${name}`, { name, in: location, param, at: resolved.at, raw, rawAt });
    }
  }
  return [...merged.values()];
}

/**
 * Input fields of the path, query, header and cookie parameters. Path parameters are always
 * required. A query parameter whose schema is an object with properties (a wrapper object, such as
 * `filter: {status, tags}` with `style: deepObject`) is expanded into one parameter per property,
 * named `<wrapper>.<property>` (`filter.status`), required when the wrapper is required and lists
 * the property as required.
 */
export function parameterFields(params: readonly SpecParameter[], ctx: ReadContext): InputField[] {
  const fields: InputField[] = [];
  for (const spec of params) {
    if (spec.in === 'body' || spec.in === 'formData') continue;
    const location = spec.in as 'path' | 'query' | 'header' | 'cookie';
    const schema = parameterSchema(spec, ctx);
    const view = viewSchema(schema.schema, schema.at, ctx, []);
    const required = location === 'path' || own(spec.param, 'required') === true;
    const description = ownString(spec.param, 'description');
    if (location === 'query' && view.type === 'object' && view.properties.size > 0) {
      for (const [key, child] of view.properties) {
        const childView = viewSchema(child.schema, child.at, ctx, [...view.refs, view.node]);
        const root = { name: key, path: `query.${spec.name}.${key}`, ...(child.owner === undefined ? {} : { owner: child.owner }) };
        fields.push({
          parameter: toParameter(`${spec.name}.${key}`, 'query', required && view.required.has(key), childView),
          schema: child.schema,
          at: child.at,
          root,
        });
      }
      continue;
    }
    fields.push({
      parameter: toParameter(spec.name, location, required, view, description),
      schema: schema.schema,
      at: schema.at,
      root: { name: spec.name, path: `${location}.${spec.name}` },
    });
  }
  return fields;
}

/** Keys of a Swagger 2.0 parameter that describe its value rather than the parameter. */
const NOT_SCHEMA_2 = new Set(['name', 'in', 'required', 'description', 'allowEmptyValue', 'collectionFormat', 'schema']);

/**
 * The schema of a parameter: 3.x `schema`, or the schema of its chosen `content` media type; 2.0
 * (no `schema` outside the body) the parameter's own `type`, `format`, `items`, `enum`, … with
 * `type: file` read as a binary string.
 */
export function parameterSchema(spec: SpecParameter, ctx: ReadContext): { schema: unknown; at: string } {
  if (ctx.version === '2.0') {
    if (spec.in === 'body') return { schema: own(spec.param, 'schema'), at: pointer(spec.at, 'schema') };
    const schema: Json = Object.fromEntries(Object.entries(spec.param).filter(([key]) => !NOT_SCHEMA_2.has(key) && !key.startsWith('x-')));
    if (schema.type === 'file') Object.assign(schema, { type: 'string', format: 'binary' });
    return { schema, at: spec.at };
  }
  if (Object.hasOwn(spec.param, 'schema')) return { schema: spec.param.schema, at: pointer(spec.at, 'schema') };
  const content = ownObject(spec.param, 'content');
  const chosen = content === undefined ? undefined : chooseMediaType(content);
  if (chosen === undefined) return { schema: undefined, at: spec.at };
  return { schema: own(chosen[1], 'schema'), at: pointer(spec.at, 'content', chosen[0], 'schema') };
}

/**
 * Path template variables (`{id}` in `/users/{id}`) no path parameter declares: reported, and added
 * as required string parameters so the tool can still be called.
 */
export function undeclaredPathFields(path: string, label: string, declared: readonly InputField[], ctx: ReadContext): InputField[] {
  const names = new Set(declared.filter((field) => field.parameter.in === 'path').map((field) => field.parameter.name));
  const fields: InputField[] = [];
  for (const match of path.matchAll(/\{([^{}]+)\}/g)) {
    const name = match[1] ?? '';
    if (names.has(name)) continue;
    names.add(name);
    ctx.reporter.report('MDKG_TOOL_INVALID', 'warning', `path parameter {${name}} of ${label} is not declared; read as a required string`);
    const schema = { type: 'string' };
    fields.push({ parameter: { name, type: 'string', required: true, in: 'path' }, schema, at: '#', root: { name, path: `path.${name}` } });
  }
  return fields;
}
