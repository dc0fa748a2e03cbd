// MCP annotation hints: explicit ones are kept; missing ones are inferred from the HTTP method
// (OpenAPI operations) or the verb of the tool's name or description (MCP tools), each marked with
// the rule that set it. openWorldHint is never inferred: neither the method nor the verb says whether
// a tool reaches an open world of external entities (a web search) or a closed domain (its own API).
import type { HintValue, ToolAnnotations, ToolModel } from './types.js';
import { toolVerb, type VerbClass } from '../lexicon/verbs.js';
import { ANNOTATION_HINTS } from '../rdf/tool-hints.js';
import { dict } from '../util/own.js';

export type HintName = keyof ToolAnnotations;

type HintSet = Partial<Record<HintName, boolean>>;

/** RFC 9110 §9.2: GET, HEAD, OPTIONS are safe; PUT and DELETE idempotent. RFC 5789: PATCH is neither. */
const METHOD_HINTS: Readonly<Record<string, HintSet>> = dict({
  GET: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  HEAD: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  OPTIONS: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  POST: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  PUT: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  PATCH: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  DELETE: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
});

/** A verb tells whether a tool writes and whether it destroys; not whether repeating it is harmless. */
const VERB_HINTS: Readonly<Record<VerbClass, HintSet>> = {
  read: { readOnlyHint: true, destructiveHint: false },
  create: { readOnlyHint: false, destructiveHint: false },
  update: { readOnlyHint: false, destructiveHint: false },
  delete: { readOnlyHint: false, destructiveHint: true },
};

function inferredHints(tool: ToolModel): { hints: HintSet; rule: string } | undefined {
  if (tool.openapi !== undefined) {
    const method = tool.openapi.method.toUpperCase();
    const hints = METHOD_HINTS[method];
    return hints === undefined ? undefined : { hints, rule: `http-method:${method}` };
  }
  const verb = toolVerb(tool.name, tool.description);
  if (verb === undefined) return undefined;
  return { hints: VERB_HINTS[verb.match.verbClass], rule: `verb:${verb.match.lang}:${verb.match.verb}` };
}

/**
 * The tool with every missing hint inferred where a rule applies (`{source: 'inferred', rule}`).
 * Explicit hints are never changed, and an inferred hint never contradicts them: a tool explicitly
 * read-only gets no inferred `destructiveHint: true`.
 */
export function inferAnnotations(tool: ToolModel): ToolModel {
  const annotations: ToolAnnotations = { ...tool.annotations };
  const inferred = inferredHints(tool);
  if (inferred !== undefined) {
    for (const name of ANNOTATION_HINTS) {
      const value = inferred.hints[name];
      if (value === undefined || annotations[name] !== undefined) continue;
      if (name === 'destructiveHint' && value && annotations.readOnlyHint?.value === true) continue;
      if (name === 'readOnlyHint' && value && annotations.destructiveHint?.value === true) continue;
      const hint: HintValue = { value, source: 'inferred', rule: inferred.rule };
      annotations[name] = hint;
    }
  }
  return { ...tool, annotations };
}

export interface HintCounts {
  explicit: number;
  inferred: number;
  unknown: number;
}

export type AnnotationStats = Record<HintName, HintCounts> & { tools: number };

/** How many tools have each hint explicit, inferred, or unknown (for the generate summary). */
export function annotationStats(tools: readonly ToolModel[]): AnnotationStats {
  const counts = (name: HintName): HintCounts => {
    const c: HintCounts = { explicit: 0, inferred: 0, unknown: 0 };
    for (const tool of tools) {
      const hint = tool.annotations[name];
      if (hint === undefined) c.unknown += 1;
      else if (hint.source === 'explicit') c.explicit += 1;
      else c.inferred += 1;
    }
    return c;
  };
  return {
    tools: tools.length,
    readOnlyHint: counts('readOnlyHint'),
    destructiveHint: counts('destructiveHint'),
    idempotentHint: counts('idempotentHint'),
    openWorldHint: counts('openWorldHint'),
  };
}
