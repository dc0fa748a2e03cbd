import type { ReadContext } from './context.js';
import { own, ownObject, pointer } from './json.js';
import { chooseMediaType, chooseResponse } from './media.js';
import type { OperationEntry } from './operations.js';

/** The response an operation's output is read from. */
export interface ChosenResponse {
  /** The response object as written (maybe a `$ref`) and where, for collecting schema refs. */
  raw: unknown;
  rawAt: string;
  /** Its body schema, when it has one. */
  schema?: unknown;
  schemaAt?: string;
}

/**
 * The lowest 2xx response (or `default`), and its body schema: 3.x the chosen media type's schema
 * (see chooseMediaType), 2.0 the response's `schema`.
 */
export function chosenResponse(entry: OperationEntry, ctx: ReadContext): ChosenResponse | undefined {
  const responses = ownObject(entry.operation, 'responses');
  const chosen = responses === undefined ? undefined : chooseResponse(responses);
  if (chosen === undefined) return undefined;
  const rawAt = pointer(entry.at, 'responses', chosen[0]);
  const result: ChosenResponse = { raw: chosen[1], rawAt };
  const resolved = ctx.refs.deref(chosen[1], rawAt);
  if (ctx.version === '2.0') {
    if (own(resolved.node, 'schema') !== undefined) {
      result.schema = own(resolved.node, 'schema');
      result.schemaAt = pointer(resolved.at, 'schema');
    }
    return result;
  }
  const content = ownObject(resolved.node, 'content');
  const media = content === undefined ? undefined : chooseMediaType(content);
  if (media !== undefined && own(media[1], 'schema') !== undefined) {
    result.schema = own(media[1], 'schema');
    result.schemaAt = pointer(resolved.at, 'content', media[0], 'schema');
  }
  return result;
}
