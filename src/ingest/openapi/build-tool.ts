import type { ToolModel } from '../types.js';
import type { ReadContext } from './context.js';
import { operationAnnotations, operationHints, operationRequires } from './extensions.js';
import { collectFields, FieldList } from './fields.js';
import type { InputField } from './input-field.js';
import { inlineSchema } from './inline-schema.js';
import { isObject, own, ownString, pointer, setOwn, stringList, type Json } from './json.js';
import type { OperationEntry, OperationName } from './operations.js';
import { parameterFields, specParameters, undeclaredPathFields } from './parameters.js';
import { bodyFields } from './request-body.js';
import { chosenResponse } from './response.js';
import type { SchemaRefIndex, ValueAt } from './schema-refs.js';
import { operationSecurity, operationServers } from './servers.js';

/** One ToolModel for one operation. */
export function buildTool(entry: OperationEntry, naming: OperationName, source: string, ctx: ReadContext, index: SchemaRefIndex): ToolModel {
  const params = specParameters(entry, ctx);
  const declared = parameterFields(params, ctx);
  const fields = [...declared, ...undeclaredPathFields(entry.path, entry.label, declared, ctx)];
  fields.push(...bodyFields(entry, params, new Set(fields.map((field) => field.parameter.name)), ctx));
  const response = chosenResponse(entry, ctx);

  const consumes = new FieldList();
  for (const field of fields) collectFields(field.schema, field.at, field.root, ctx, consumes);
  const produces = new FieldList();
  if (response?.schema !== undefined)
    collectFields(response.schema, response.schemaAt ?? response.rawAt, { name: 'response', path: 'response' }, ctx, produces);

  const roots: ValueAt[] = params.map((param) => ({ value: param.raw, at: param.rawAt }));
  if (ctx.version !== '2.0') roots.push({ value: entry.operation.requestBody, at: pointer(entry.at, 'requestBody') });
  if (response !== undefined) roots.push({ value: response.raw, at: response.rawAt });

  const tool: ToolModel = {
    source,
    name: naming.name,
    kind: 'openapi',
    inputSchema: inputSchema(fields, ctx),
    parameters: fields.map((field) => field.parameter),
    annotations: operationAnnotations(entry),
    hints: operationHints(entry, ctx),
    openapi: {
      method: entry.method.toUpperCase(),
      path: entry.path,
      operationId: naming.name,
      generatedOperationId: naming.generated,
      tags: stringList(entry.operation.tags),
      servers: operationServers(entry, ctx),
      security: operationSecurity(entry, ctx),
      consumes: consumes.fields,
      produces: produces.fields,
      schemaRefs: index.collect(roots),
    },
  };
  const title = ownString(entry.operation, 'summary');
  if (title !== undefined) tool.title = title;
  const description = ownString(entry.operation, 'description');
  if (description !== undefined) tool.description = description;
  if (own(entry.operation, 'deprecated') === true) tool.deprecated = true;
  if (response?.schema !== undefined) tool.outputSchema = inlineSchema(response.schema, response.schemaAt ?? response.rawAt, ctx);
  const requires = operationRequires(entry, ctx);
  if (requires.length > 0) tool.requires = requires;
  return tool;
}

/**
 * A JSON Schema object with one property per parameter (its schema inlined, the parameter's
 * description added where the schema has none) and `required` listing the required ones. The
 * parameters share one inlining budget, so a large body is cut rather than the document bloated.
 */
function inputSchema(fields: readonly InputField[], ctx: ReadContext): Json {
  const properties: Json = {};
  const required: string[] = [];
  const budget = { nodes: 0 };
  for (const field of fields) {
    const inlined = field.schema === undefined ? {} : inlineSchema(field.schema, field.at, ctx, budget);
    let schema: unknown = inlined;
    const description = field.parameter.description;
    if (description !== undefined && isObject(inlined) && ownString(inlined, 'description') === undefined) schema = { ...inlined, description };
    setOwn(properties, field.parameter.name, schema);
    if (field.parameter.required) required.push(field.parameter.name);
  }
  return required.length > 0 ? { type: 'object', properties, required } : { type: 'object', properties };
}
