import type { DependencyEdge, ToolModel } from '../ingest/types.js';
import { documentText, writeDocument } from '../markdown-ld/write.js';
import { emitFrontMatter, scalarYaml } from '../markdown-ld/yaml-emit.js';
import { iriSegment } from './file-names.js';
import { MARKER_KEY, MARKER_UNSTAMPED } from './marker.js';
import { body, decimal, toolDocument, toolFrontMatter, toolId } from './tool-document.js';

/** The last front matter line of a tool document: `dependencies` goes right before it (canonical key order). */
const MARKER_LINE = `${MARKER_KEY}: ${MARKER_UNSTAMPED}\n`;
/** Context indent of the values of a dependency's keys (`dependencies:` / `  - id:` / `    type:`). */
const VALUE_INDENT = '      ';

/** Texts kept per map below (then it starts over): bounded memory on hostile input. */
const MAX_KEPT = 50_000;

/** The scalars of a target tool as written in its edges: its `target` IRI and the edge `id` per relation. */
interface TargetText {
  target: string | undefined;
  ids: Map<string, string | undefined>;
}

/** Per source: target tool name -> its scalars (a tool is the target of many edges). */
const TARGETS = new Map<string, Map<string, TargetText>>();

function targetsOf(source: string): Map<string, TargetText> {
  let targets = TARGETS.get(source);
  if (targets === undefined) {
    if (TARGETS.size >= 64) TARGETS.clear();
    TARGETS.set(source, (targets = new Map()));
  }
  return targets;
}

/** Relations, confidences, rules and scores: a few values each, written once. */
const SHORT = new Map<string, string | undefined>();

function short(value: string): string | undefined {
  let text = SHORT.get(value);
  if (text === undefined && !SHORT.has(value)) {
    if (SHORT.size >= MAX_KEPT) SHORT.clear();
    SHORT.set(value, (text = scalarYaml(value, VALUE_INDENT)));
  }
  return text;
}

/**
 * A `JSON.stringify(schema, null, 2)` that keeps its text per schema object: inlined output schemas
 * are shared by the tools returning the same component. For one batch of documents only (the
 * objects must not change while it is used).
 */
export function schemaJsonCache(): (schema: unknown) => string {
  const texts = new WeakMap<object, string>();
  return (schema) => {
    if (schema === null || typeof schema !== 'object') return JSON.stringify(schema, null, 2);
    let text = texts.get(schema);
    if (text === undefined) texts.set(schema, (text = JSON.stringify(schema, null, 2)));
    return text;
  };
}

/**
 * The text of one tool's document: what `writeDocument(toolDocument(tool, edges, groups))` gives,
 * without building the ~10 qualified edge objects per tool (95,000 at 10,000 operations) only to
 * write them: the `dependencies` list is written as YAML text here, its keys in canonical order
 * (id, type, relation, target, confidence, score, rule, evidence), each value by the front matter
 * writer's own scalar rules. Anything that writer would not write itself goes the general way.
 */
export function toolText(tool: ToolModel, edges: readonly DependencyEdge[], groups: readonly string[], json?: (schema: unknown) => string): string {
  const general = (): string => writeDocument(toolDocument(tool, edges, groups));
  const yaml = emitFrontMatter(toolFrontMatter(tool, edges, groups, false));
  if (yaml === undefined || !yaml.endsWith(MARKER_LINE)) return general();
  let deps = '';
  const targets = targetsOf(tool.source);
  for (const e of edges) {
    if (e.from !== tool.name) continue;
    let target = targets.get(e.to);
    if (target === undefined) {
      if (targets.size >= MAX_KEPT) targets.clear();
      targets.set(e.to, (target = { target: scalarYaml(toolId(tool.source, e.to), VALUE_INDENT), ids: new Map() }));
    }
    let id = target.ids.get(e.relation);
    if (id === undefined && !target.ids.has(e.relation)) target.ids.set(e.relation, (id = scalarYaml(`#dep-${e.relation}-${iriSegment(e.to)}`, VALUE_INDENT)));
    const relation = short(e.relation);
    const confidence = short(e.confidence);
    const score = short(decimal(e.score));
    const rule = typeof e.rule === 'string' ? short(e.rule) : undefined;
    const evidence = typeof e.evidence === 'string' ? scalarYaml(e.evidence, VALUE_INDENT) : undefined;
    if (
      id === undefined ||
      relation === undefined ||
      target.target === undefined ||
      confidence === undefined ||
      score === undefined ||
      rule === undefined ||
      evidence === undefined
    )
      return general();
    deps += `\n  - id: ${id}\n    type: Dependency\n    relation: ${relation}\n    target: ${target.target}\n    confidence: ${confidence}\n    score: ${score}\n    rule: ${rule}\n    evidence: ${evidence}`;
  }
  const front = deps === '' ? yaml : `${yaml.slice(0, yaml.length - MARKER_LINE.length)}dependencies:${deps}\n${MARKER_LINE}`;
  return documentText(front, { body: body(tool, json) });
}
