// Declared dependencies checked against the whole source, once every tool is read: unknown and
// self targets are dropped, binding keys resolved to parameters, cycles reported.
import type { DeclaredRequire, EdgeBinding, ToolModel, ToolParameter } from '../types.js';

/** `path.petId` for an OpenAPI parameter, `petId` for an MCP one. */
export const parameterKey = (p: ToolParameter): string => (p.in === undefined ? p.name : `${p.in}.${p.name}`);

/** The parameter a binding key names: `petId` or `path.petId`; undefined when none (or two match a bare name). */
function resolveParameter(tool: ToolModel, key: string): ToolParameter | undefined {
  const exact = tool.parameters.find((p) => parameterKey(p) === key);
  if (exact !== undefined) return exact;
  const named = tool.parameters.filter((p) => p.name === key);
  return named.length === 1 ? named[0] : undefined;
}

function checkBindings(tool: ToolModel, declared: DeclaredRequire, warn: (message: string) => void, name: string): EdgeBinding[] {
  const out: EdgeBinding[] = [];
  for (const b of declared.bindings ?? []) {
    const parameter = resolveParameter(tool, b.parameter);
    if (parameter === undefined) warn(`${name}: ${declared.evidence}: no parameter ${JSON.stringify(b.parameter)} of ${tool.name} to bind; binding ignored`);
    else if (!out.some((o) => o.parameter === parameterKey(parameter))) out.push({ parameter: parameterKey(parameter), field: b.field });
  }
  return out;
}

/** Strongly connected groups of more than one tool (Tarjan, iterative), each sorted, in name order. */
function cycles(next: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let counter = 0;
  for (const root of [...next.keys()].sort()) {
    if (index.has(root)) continue;
    const work: Array<[string, number]> = [[root, 0]];
    while (work.length > 0) {
      const frame = work[work.length - 1] as [string, number];
      const [node, i] = frame;
      if (i === 0 && !index.has(node)) {
        index.set(node, counter);
        low.set(node, counter++);
        stack.push(node);
        onStack.add(node);
      }
      const targets = next.get(node) ?? [];
      if (i < targets.length) {
        frame[1] += 1;
        const to = targets[i] as string;
        if (!index.has(to)) work.push([to, 0]);
        else if (onStack.has(to)) low.set(node, Math.min(low.get(node) as number, index.get(to) as number));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined) low.set(parent[0], Math.min(low.get(parent[0]) as number, low.get(node) as number));
      if (low.get(node) === index.get(node)) {
        const group: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          group.push(member);
        } while (member !== node);
        if (group.length > 1) out.push(group.sort());
      }
    }
  }
  return out.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}

/**
 * Checks the declared `requires` of one source's tools in place: a target that is no tool of the
 * source, or the tool itself, is reported and dropped; binding keys become parameter keys
 * (`path.customerId`), an unknown one is reported and dropped; a cycle of declared requires is
 * reported (kept: a plan reports it again when it meets it). Never throws. `label` names a tool
 * in messages (MCP lists say `tool "read_file"`).
 */
export function checkDeclared(tools: readonly ToolModel[], warn: (message: string) => void, label: (name: string) => string = (name) => name): void {
  const names = new Set(tools.map((t) => t.name));
  const next = new Map<string, string[]>();
  for (const tool of tools) {
    if (tool.requires === undefined) continue;
    const kept: DeclaredRequire[] = [];
    const name = label(tool.name);
    for (const declared of tool.requires) {
      if (declared.tool === tool.name) warn(`${name}: ${declared.evidence}: a tool cannot require itself; ignored`);
      else if (!names.has(declared.tool)) warn(`${name}: ${declared.evidence}: no tool named ${JSON.stringify(declared.tool)} in this source; ignored`);
      else {
        const bindings = checkBindings(tool, declared, warn, name);
        const { bindings: _, ...rest } = declared;
        kept.push(bindings.length > 0 ? { ...rest, bindings } : rest);
      }
    }
    if (kept.length > 0) tool.requires = kept;
    else delete tool.requires;
    if (kept.length > 0) next.set(tool.name, [...new Set(kept.map((d) => d.tool))].sort());
  }
  for (const group of cycles(next)) warn(`declared requires form a cycle among ${group.join(', ')}: no order runs them all; a plan reports the cycle`);
}
