import type { ReadContext } from './context.js';
import { toParameter, type InputField } from './input-field.js';
import { own, ownObject, ownString, pointer } from './json.js';
import { chooseMediaType } from './media.js';
import type { OperationEntry } from './operations.js';
import { parameterSchema, type SpecParameter } from './parameters.js';
import { viewSchema } from './schema-view.js';

/** The body schema of an operation, with whether the body itself is required and its name for a whole-body parameter. */
interface BodySchema {
  schema: unknown;
  at: string;
  required: boolean;
  name: string;
}

/**
 * Input fields of the request body, all with `in: 'body'`: 3.x `requestBody` (its chosen media
 * type's schema) or 2.0 `in: body`. An object schema gives one parameter per top-level property
 * (`allOf` merged), required when the schema lists it as required; any other schema (an array, a
 * string, a binary upload) gives one parameter for the whole body, required when the body is. 2.0
 * `formData` parameters are body fields each. A body field whose name a path, query, header or
 * cookie parameter already has is named `body.<name>`.
 */
export function bodyFields(entry: OperationEntry, params: readonly SpecParameter[], taken: ReadonlySet<string>, ctx: ReadContext): InputField[] {
  const unique = (name: string): string => (taken.has(name) ? `body.${name}` : name);
  const fields: InputField[] = [];
  for (const spec of params) {
    if (spec.in !== 'formData') continue;
    const schema = parameterSchema(spec, ctx);
    const view = viewSchema(schema.schema, schema.at, ctx, []);
    const parameter = toParameter(unique(spec.name), 'body', own(spec.param, 'required') === true, view, ownString(spec.param, 'description'));
    fields.push({ parameter, schema: schema.schema, at: schema.at, root: { name: spec.name, path: `body.${spec.name}` } });
  }
  const body = bodySchema(entry, params, ctx);
  if (body === undefined) return fields;
  const view = viewSchema(body.schema, body.at, ctx, []);
  if (view.properties.size === 0) {
    fields.push({
      parameter: toParameter(unique(body.name), 'body', body.required, view),
      schema: body.schema,
      at: body.at,
      root: { name: 'body', path: 'body' },
    });
    return fields;
  }
  for (const [key, child] of view.properties) {
    const childView = viewSchema(child.schema, child.at, ctx, [...view.refs, view.node]);
    const root = { name: key, path: `body.${key}`, ...(child.owner === undefined ? {} : { owner: child.owner }) };
    fields.push({ parameter: toParameter(unique(key), 'body', view.required.has(key), childView), schema: child.schema, at: child.at, root });
  }
  return fields;
}

function bodySchema(entry: OperationEntry, params: readonly SpecParameter[], ctx: ReadContext): BodySchema | undefined {
  if (ctx.version === '2.0') {
    const spec = params.find((param) => param.in === 'body');
    if (spec === undefined) return undefined;
    const schema = parameterSchema(spec, ctx);
    return { ...schema, required: own(spec.param, 'required') === true, name: spec.name };
  }
  const rawAt = pointer(entry.at, 'requestBody');
  const resolved = ctx.refs.deref(own(entry.operation, 'requestBody'), rawAt);
  const content = ownObject(resolved.node, 'content');
  const chosen = content === undefined ? undefined : chooseMediaType(content);
  if (chosen === undefined) return undefined;
  return {
    schema: own(chosen[1], 'schema'),
    at: pointer(resolved.at, 'content', chosen[0], 'schema'),
    required: own(resolved.node, 'required') === true,
    name: 'body',
  };
}
