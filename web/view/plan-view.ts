// A request's plan (`mdkg plan`) as a small graph and a list: its steps (each the tool's own node,
// so a click opens the tool), the values read from the request, the values to ask the user for,
// and the tools that often come before or after.
import type { Neighbourhood, NodeView } from '../../src/view/neighbourhood.js';

export interface PlanView {
  request: string;
  steps: Array<{ id: string; tool: string; role: string; arguments: Record<string, unknown>; dependsOn: string[] }>;
  bindings: Array<{ from?: string; field: string; to: string; parameter: string; rule: string; score: number }>;
  missing: Array<{ step: string; parameter: string; reason: string }>;
  optional: Array<{ tool: string; relation: string; step: string; score: number }>;
}

/** `tool:x/y` with the page's prefixes to the tool's node id (`I<iri>`). */
function toolNode(id: string, prefixes: Record<string, string>): string {
  const m = /^([A-Za-z][\w.-]*):(.*)$/.exec(id);
  const ns = m === null ? undefined : prefixes[m[1]!];
  return `I${ns === undefined ? id : ns + m![2]}`;
}

/** The plan as a graph the neighbourhood view draws (centred on the last target step). */
export function planGraph(plan: PlanView, prefixes: Record<string, string>): Neighbourhood {
  const nodes = new Map<string, NodeView>();
  const edges: Neighbourhood['edges'] = [];
  const stepNode = new Map(plan.steps.map((s) => [s.id, toolNode(s.tool, prefixes)]));
  for (const s of plan.steps) nodes.set(stepNode.get(s.id)!, { id: stepNode.get(s.id)!, label: `${s.id} ${s.tool}`, types: [`plan:${s.role}`], kind: 'iri' });
  for (const b of plan.bindings) {
    const to = stepNode.get(b.to)!;
    if (b.from !== undefined) edges.push({ source: stepNode.get(b.from)!, target: to, predicate: b.rule, label: `${b.field} → ${b.parameter}` });
    else {
      const id = `Pvalue:${b.to}/${b.parameter}`;
      nodes.set(id, { id, label: b.field, types: ['plan:request value'], kind: 'iri' });
      edges.push({ source: id, target: to, predicate: b.rule, label: b.parameter });
    }
  }
  for (const m of plan.missing) {
    const id = `Pmissing:${m.step}/${m.parameter}`;
    nodes.set(id, { id, label: `? ${m.parameter}`, types: ['plan:ask the user'], kind: 'iri' });
    edges.push({ source: id, target: stepNode.get(m.step)!, predicate: 'missing', label: m.parameter });
  }
  for (const o of plan.optional) {
    const id = toolNode(o.tool, prefixes);
    if (!nodes.has(id)) nodes.set(id, { id, label: o.tool, types: ['plan:optional'], kind: 'iri' });
    const step = stepNode.get(o.step)!;
    edges.push(
      o.relation === 'before'
        ? { source: id, target: step, predicate: 'optional', label: 'often before' }
        : { source: step, target: id, predicate: 'optional', label: 'often after' },
    );
  }
  const targets = plan.steps.filter((s) => s.role === 'target');
  const center = stepNode.get(targets[targets.length - 1]?.id ?? '') ?? [...nodes.keys()][0] ?? '';
  // The centre first: the view draws it in the middle.
  const ordered = [...nodes.values()].sort((a, b) => Number(b.id === center) - Number(a.id === center));
  return { center, nodes: ordered, edges, values: [], more: 0 };
}

/** One line per step, then what to ask the user and what often comes before or after. */
export function planLines(plan: PlanView): string[] {
  const lines = plan.steps.map((s) => {
    const args = plan.bindings.filter((b) => b.to === s.id).map((b) => `${b.parameter} ← ${b.from === undefined ? `'${b.field}'` : `${b.from}.${b.field}`}`);
    return `${s.id} ${s.tool} (${s.role})${args.length > 0 ? `: ${args.join(', ')}` : ''}`;
  });
  for (const m of plan.missing) lines.push(`ask the user: ${m.parameter} of ${m.step}`);
  for (const o of plan.optional) lines.push(`often ${o.relation} ${o.step}: ${o.tool}`);
  return lines;
}
