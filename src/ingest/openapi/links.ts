// OpenAPI 3 `links`: a response of one operation feeds parameters of another. Each link becomes a
// declared `requires` of the linked operation on the linking one, with its parameters as bindings.
import { expressionField } from '../declared/runtime-expression.js';
import type { DeclaredRequire, EdgeBinding, ToolModel } from '../types.js';
import type { ReadContext } from './context.js';
import { isObject, own, pointer } from './json.js';
import type { OperationEntry, OperationName } from './operations.js';
import { pointerTokens } from './refs.js';

/** At most this many links per response and parameters per link are read. */
export const LINK_LIMITS = { links: 256, parameters: 64 } as const;

/** The tool an `operationRef` names: a local `#/paths/<path>/<method>` pointer. */
function byOperationRef(ref: string, entries: readonly OperationEntry[], names: readonly OperationName[]): string | undefined {
  const tokens = pointerTokens(ref);
  if (tokens === undefined || tokens.length !== 3 || tokens[0] !== 'paths') return undefined;
  const index = entries.findIndex((e) => e.path === tokens[1] && e.method === tokens[2]?.toLowerCase());
  return index < 0 ? undefined : names[index]?.name;
}

/** The bindings of a link's `parameters`: each value an expression (constants bind nothing). */
function linkBindings(parameters: unknown, label: string, ctx: ReadContext): EdgeBinding[] {
  if (parameters === undefined) return [];
  if (!isObject(parameters)) {
    ctx.reporter.report('MDKG_TOOL_INVALID', 'warning', `${label}: parameters must be an object {parameter: expression}; ignored`);
    return [];
  }
  const out: EdgeBinding[] = [];
  for (const [parameter, value] of Object.entries(parameters).slice(0, LINK_LIMITS.parameters)) {
    const read = expressionField(value);
    if ('error' in read) ctx.reporter.report('MDKG_TOOL_INVALID', 'warning', `${label}: parameter ${parameter}: ${read.error}; binding ignored`);
    else if ('field' in read) out.push({ parameter, field: read.field });
  }
  return out;
}

/**
 * Adds a declared `requires` (source `declared:openapi-links`) to the target of every link of every
 * response of every operation. A link names its target by `operationId` or a local `operationRef`;
 * an unknown target, a remote `operationRef`, a link that is not an object and a bad runtime
 * expression are reported (MDKG_TOOL_INVALID, warning) and skipped. Swagger 2.0 has no links.
 */
export function addLinkRequires(entries: readonly OperationEntry[], names: readonly OperationName[], tools: readonly ToolModel[], ctx: ReadContext): void {
  if (ctx.version === '2.0') return;
  const byName = new Map(tools.map((t) => [t.name, t]));
  entries.forEach((entry, i) => {
    const producer = names[i]?.name;
    const responses = ctx.refs.deref(own(entry.operation, 'responses'), pointer(entry.at, 'responses'));
    if (producer === undefined || !isObject(responses.node)) return;
    for (const [status, rawResponse] of Object.entries(responses.node)) {
      const response = ctx.refs.deref(rawResponse, pointer(responses.at, status));
      const links = own(response.node, 'links');
      if (links === undefined) continue;
      if (!isObject(links)) {
        ctx.reporter.report('MDKG_TOOL_INVALID', 'warning', `links of ${entry.label} (${status}) must be an object; ignored`);
        continue;
      }
      const all = Object.entries(links);
      if (all.length > LINK_LIMITS.links)
        ctx.reporter.report(
          'MDKG_TOOL_INVALID',
          'warning',
          `links of ${entry.label} (${status}): ${all.length} links; the first ${LINK_LIMITS.links} are read`,
        );
      for (const [name, rawLink] of all.slice(0, LINK_LIMITS.links)) {
        const label = `link ${name} of ${entry.label} (${status})`;
        const link = ctx.refs.deref(rawLink, pointer(response.at, 'links', name)).node;
        if (!isObject(link)) {
          if (link !== undefined) ctx.reporter.report('MDKG_TOOL_INVALID', 'warning', `${label} is not an object; ignored`);
          continue;
        }
        const operationId = own(link, 'operationId');
        const operationRef = own(link, 'operationRef');
        let target: string | undefined;
        if (typeof operationId === 'string') {
          target = operationId;
          if (!byName.has(operationId)) {
            ctx.reporter.report('MDKG_TOOL_INVALID', 'warning', `${label} names operationId ${JSON.stringify(operationId)}, which no operation has; ignored`);
            continue;
          }
        } else if (typeof operationRef === 'string') {
          target = byOperationRef(operationRef, entries, names);
          if (target === undefined) {
            const why = operationRef.startsWith('#') ? 'names no operation of this spec' : 'is remote and is not followed';
            ctx.reporter.report('MDKG_TOOL_INVALID', 'warning', `${label}: operationRef ${JSON.stringify(operationRef)} ${why}; ignored`);
            continue;
          }
        } else {
          ctx.reporter.report('MDKG_TOOL_INVALID', 'warning', `${label} has neither an operationId nor an operationRef (a string); ignored`);
          continue;
        }
        const consumer = byName.get(target) as ToolModel;
        const declared: DeclaredRequire = { tool: producer, source: 'declared:openapi-links', evidence: label };
        const bindings = linkBindings(own(link, 'parameters'), label, ctx);
        if (bindings.length > 0) declared.bindings = bindings;
        consumer.requires = [...(consumer.requires ?? []), declared];
      }
    }
  });
}
