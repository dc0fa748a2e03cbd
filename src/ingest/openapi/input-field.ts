import type { ToolParameter } from '../types.js';
import type { FieldRoot } from './fields.js';
import { own, ownArray, ownString } from './json.js';
import type { SchemaView } from './schema-view.js';

/** One tool parameter with the schema it came from: the parameter list, inputSchema and consumes are built from these. */
export interface InputField {
  parameter: ToolParameter;
  schema: unknown;
  /** Pointer of `schema`. */
  at: string;
  /** Where the consumed-field walk starts for this parameter. */
  root: FieldRoot;
}

/** A ToolParameter from a schema view; `description` (the parameter's own) wins over the schema's. */
export function toParameter(
  name: string,
  location: NonNullable<ToolParameter['in']>,
  required: boolean,
  view: SchemaView,
  description?: string,
): ToolParameter {
  const parameter: ToolParameter = { name, required, in: location };
  if (view.type !== undefined) parameter.type = view.type;
  const text = description ?? ownString(view.node, 'description');
  if (text !== undefined) parameter.description = text;
  const values = ownArray(view.node, 'enum') ?? (view.type === 'array' ? ownArray(own(view.node, 'items'), 'enum') : undefined);
  if (values !== undefined) parameter.enum = values;
  if (view.node !== undefined && Object.hasOwn(view.node, 'default')) parameter.default = view.node.default;
  return parameter;
}
