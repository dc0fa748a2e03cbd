// The steps of a plan from its targets: each required parameter is filled by a known value, a value
// in the request, or a producer found through `requires` edges (which becomes a prerequisite step,
// recursively up to the depth limit); else it is missing. Steps run in a depth-first post-order of
// the targets (clause order) and their parameters (document order): deterministic, dependencies first.
import type { Diagnostic } from '../errors.js';
import type { PlanCatalog, PlanParam } from './plan-catalog.js';
import { edgeFeeds, type Feed, rankFeeds } from './producers.js';
import { enumValueIn, knownValue, type RequestValue, valueFit } from './request-values.js';
import { closure, optional } from './closure.js';
import type { Plan, PlanBinding, PlanExplanation, PlanMissing } from './types.js';

export interface BuildInputs {
  catalog: PlanCatalog;
  targets: readonly { tool: number; confidence: number }[];
  request: string;
  values: readonly RequestValue[];
  known: Readonly<Record<string, unknown>>;
  maxDepth: number;
  relevance: ReadonlyMap<number, number>;
  explain: boolean;
}

type Parts = Pick<Plan, 'steps' | 'bindings' | 'missing' | 'optional' | 'closure'> & { diagnostics: Diagnostic[]; explanation: PlanExplanation[] };

interface Node {
  tool: number;
  role: 'prerequisite' | 'target';
  arguments: Record<string, unknown>;
  deps: number[];
  /** Bindings with tool indexes in `from`/`to` until steps are numbered. */
  bindings: Array<Omit<PlanBinding, 'from' | 'to'> & { from?: number }>;
  missing: Array<Omit<PlanMissing, 'step'>>;
  /** The producers chosen, with the edge score, for the closure. */
  producers: Array<{ tool: number; score: number }>;
  explained: Array<Omit<PlanExplanation, 'step'>>;
}

/** A default as the document writes it: JSON text for numbers, booleans, objects and arrays, else the string. */
function parseDefault(text: string, type: string | undefined): unknown {
  if (type === 'string') return text;
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'string' ? text : v;
  } catch {
    return text;
  }
}

const LOCATIONS_NOT_PLANNED = new Set(['header', 'cookie']);

export function buildPlan(inputs: BuildInputs): Parts {
  const { catalog, maxDepth } = inputs;
  const tools = catalog.tools;
  const nodes = new Map<number, Node>();
  const order: number[] = [];
  const diagnostics: Diagnostic[] = [];
  const note = (d: Diagnostic): void => {
    if (!diagnostics.some((x) => x.code === d.code && x.message === d.message)) diagnostics.push(d);
  };
  const targetSet = new Set(inputs.targets.map((t) => t.tool));
  const opened = new Map<number, number>();
  const open = (t: number): number => {
    let n = opened.get(t);
    if (n === undefined) opened.set(t, (n = countOpen(t)));
    return n;
  };
  const countOpen = (t: number): number =>
    tools[t]!.params.filter(
      (p) =>
        p.required &&
        p.default === undefined &&
        knownValue(p, inputs.known) === undefined &&
        enumValueIn(p, inputs.request) === undefined &&
        !inputs.values.some((v) => valueFit(p, v) > 0),
    ).length;
  const rankInputs = { inPlan: (t: number) => nodes.has(t) || targetSet.has(t), open, relevance: inputs.relevance, tools };
  const stack: number[] = [];

  const fillFromRequest = (node: Node, param: PlanParam, used: Set<RequestValue>): boolean => {
    const known = knownValue(param, inputs.known);
    if (known !== undefined) {
      // A number given as text (`--known petId=7`) is passed as a number to a numeric parameter.
      const asNumber = typeof known.value === 'string' && /^(integer|number)/.test(param.type ?? '') && /^-?\d+(\.\d+)?$/.test(known.value);
      node.arguments[param.name] = asNumber ? Number(known.value) : known.value;
      node.bindings.push({ field: known.key, parameter: param.field, rule: 'known-value', score: 1, evidence: `known value '${known.key}'` });
      return true;
    }
    const listed = enumValueIn(param, inputs.request);
    if (listed !== undefined) {
      node.arguments[param.name] = listed;
      node.bindings.push({
        field: listed,
        parameter: param.field,
        rule: 'request-value',
        score: 1,
        evidence: `the request names '${listed}', an allowed value of ${param.name}`,
      });
      return true;
    }
    let best: { value: RequestValue; fit: number } | undefined;
    for (const value of inputs.values) {
      if (used.has(value)) continue;
      const f = valueFit(param, value);
      if (f > 0 && (best === undefined || f > best.fit)) best = { value, fit: f };
    }
    if (best === undefined) {
      if (param.default === undefined) return false;
      // A required parameter with a default needs no producer: the default is the value unless the user says otherwise.
      node.arguments[param.name] = parseDefault(param.default, param.type);
      node.bindings.push({ field: param.default, parameter: param.field, rule: 'default-value', score: 0.5, evidence: `the default of ${param.name}` });
      return true;
    }
    used.add(best.value);
    const numeric = best.value.kind === 'number' && param.type !== undefined && /^(integer|number)/.test(param.type);
    const single = numeric ? Number(best.value.value) : best.value.value;
    node.arguments[param.name] = param.type?.startsWith('array') === true ? [single] : single;
    node.bindings.push({
      field: best.value.value,
      parameter: param.field,
      rule: 'request-value',
      score: best.fit,
      evidence: `${best.value.kind} '${best.value.value}' in the request`,
    });
    return true;
  };

  const visit = (tool: number, depth: number, role: Node['role']): void => {
    const seen = nodes.get(tool);
    if (seen !== undefined) {
      if (role === 'target') seen.role = 'target';
      return;
    }
    const node: Node = { tool, role, arguments: {}, deps: [], bindings: [], missing: [], producers: [], explained: [] };
    nodes.set(tool, node);
    stack.push(tool);
    const me = tools[tool]!;
    // Feeds of every requires edge, by the parameter they fill.
    const feeds = new Map<PlanParam, Feed[]>();
    const unbound: Feed[] = [];
    for (const edge of me.edges) {
      if (edge.relation !== 'requires') continue;
      const fed = edgeFeeds(me, tools[edge.to]!, edge);
      for (const { param, field, sameName } of fed)
        feeds.set(param, [...(feeds.get(param) ?? []), { producer: edge.to, edge, field, ...(sameName ? { sameName } : {}) }]);
      if (fed.length === 0 && edge.declared) unbound.push({ producer: edge.to, edge, field: 'response' });
    }
    const used = new Set<RequestValue>();
    const chain = (param: PlanParam | undefined, candidates: readonly Feed[]): boolean => {
      const ranked = rankFeeds(candidates, rankInputs);
      let chosen: Feed | undefined;
      let blocked: 'cycle' | 'depth' | undefined;
      const why = new Map<Feed, string>();
      for (const feed of ranked) {
        if (stack.includes(feed.producer)) {
          blocked ??= 'cycle';
          why.set(feed, 'cycle');
          const loop = [...stack.slice(stack.indexOf(feed.producer)), feed.producer].map((t) => tools[t]!.id).join(' → ');
          note({ code: 'MDKG_PLAN_CYCLE', severity: 'warning', message: `a cycle of requires edges: ${loop}; that producer is skipped` });
          continue;
        }
        if (depth + 1 > maxDepth) {
          blocked = 'depth';
          why.set(feed, 'depth limit');
          note({
            code: 'MDKG_PLAN_DEPTH',
            severity: 'warning',
            message: `prerequisites stop at depth ${maxDepth} (below ${me.id}); raise the depth limit (--max-depth, max_depth) to see more`,
          });
          break;
        }
        chosen = feed;
        break;
      }
      if (inputs.explain && param !== undefined && ranked.length > 0) {
        node.explained.push({
          parameter: param.field,
          candidates: ranked.map((f) => ({
            tool: tools[f.producer]!.id,
            rule: f.edge.rule,
            score: f.edge.score,
            declared: f.edge.declared,
            chosen: f === chosen,
            ...(why.has(f) ? { note: why.get(f) as string } : {}),
          })),
        });
      }
      if (chosen === undefined) {
        if (param !== undefined) {
          const reason =
            blocked === 'cycle'
              ? 'every producer is in a cycle with this step'
              : blocked === 'depth'
                ? `its producer is below the depth limit (${maxDepth})`
                : 'not in the request and no tool produces it: ask the user';
          node.missing.push({ parameter: param.field, reason });
        }
        return false;
      }
      visit(chosen.producer, depth + 1, 'prerequisite');
      if (!node.deps.includes(chosen.producer)) node.deps.push(chosen.producer);
      node.producers.push({ tool: chosen.producer, score: chosen.edge.score });
      if (param !== undefined) {
        const { edge, field } = chosen;
        const evidence =
          chosen.sameName === true
            ? `${tools[chosen.producer]!.name} outputs ${field}, the name of ${param.field}; it is required for another field (${edge.rule}: ${edge.evidence})`
            : edge.evidence;
        node.bindings.push({
          from: chosen.producer,
          field,
          parameter: param.field,
          rule: chosen.sameName === true ? 'same-name' : edge.rule,
          score: edge.score,
          evidence,
        });
      }
      return true;
    };
    for (const param of me.params) {
      if (!param.required) continue;
      if (fillFromRequest(node, param, used)) continue;
      if (param.in !== undefined && LOCATIONS_NOT_PLANNED.has(param.in)) {
        node.missing.push({ parameter: param.field, reason: `a ${param.in} value (often a credential): give it with the call` });
        continue;
      }
      const candidates = feeds.get(param) ?? [];
      if (candidates.length === 0) node.missing.push({ parameter: param.field, reason: 'not in the request and no tool produces it: ask the user' });
      else chain(param, candidates);
    }
    for (const feed of unbound) if (!node.deps.includes(feed.producer)) chain(undefined, [feed]);
    stack.pop();
    order.push(tool);
  };

  for (const t of inputs.targets) visit(t.tool, 0, 'target');
  return assemble(inputs, nodes, order, diagnostics);
}

function assemble(inputs: BuildInputs, nodes: ReadonlyMap<number, Node>, order: readonly number[], diagnostics: Diagnostic[]): Parts {
  const tools = inputs.catalog.tools;
  const stepOf = new Map(order.map((t, i) => [t, `s${i + 1}`]));
  const parts: Parts = { steps: [], bindings: [], missing: [], optional: [], closure: [], diagnostics, explanation: [] };
  for (const t of order) {
    const node = nodes.get(t)!;
    const id = stepOf.get(t)!;
    parts.steps.push({ id, tool: tools[t]!.id, role: node.role, arguments: node.arguments, dependsOn: node.deps.map((d) => stepOf.get(d)!) });
    for (const b of node.bindings) {
      const { from, ...rest } = b;
      const source = from === undefined ? {} : { from: stepOf.get(from)! };
      parts.bindings.push({ ...source, field: rest.field, to: id, parameter: rest.parameter, rule: rest.rule, score: rest.score, evidence: rest.evidence });
    }
    for (const m of node.missing) parts.missing.push({ step: id, ...m });
    for (const e of node.explained) parts.explanation.push({ step: id, ...e });
  }
  parts.closure = closure(inputs, nodes);
  parts.optional = optional(inputs, nodes, stepOf);
  return parts;
}
