// mdkg plan "<request>": the tools a request needs, their prerequisites in order, which output feeds
// which input, and what the user must still give (docs/plans.md). A table for people, --json for machines.
import { parseArgs } from 'node:util';
import { MdkgError } from '../../errors.js';
import { planRequest } from '../../plan/plan-request.js';
import type { Plan } from '../../plan/types.js';
import { renderTable } from '../../util/table.js';
import { escapeForTerminal } from '../../util/terminal-text.js';
import { GRAPH_OPTIONS, graphRoot } from '../graph-root.js';
import { type CliIo, diagnosticLine, EXIT } from '../io.js';
import { openPlanSource } from '../plan-source.js';
import { readRequest } from './search.js';

const value = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** The plan as text: steps, bindings, missing values, optional tools (escaped for the terminal as a whole). */
export function renderPlan(plan: Plan, explain: boolean): string {
  if (plan.steps.length === 0) return 'no plan: no target tool\n';
  const lines: string[] = [];
  for (const t of plan.targets) lines.push(`target ${t.tool} (confidence ${t.confidence.toFixed(2)}) for '${t.clause}'`);
  lines.push('');
  const rows = plan.steps.map((s) => [
    s.id,
    s.tool,
    s.role,
    s.dependsOn.join(', '),
    Object.entries(s.arguments)
      .map(([k, v]) => `${k}=${value(v)}`)
      .join(', '),
  ]);
  let out = `${lines.join('\n')}\n${renderTable(['step', 'tool', 'role', 'after', 'known arguments'], rows)}`;
  const fed = plan.bindings.filter((b) => b.from !== undefined);
  if (fed.length > 0) {
    out += '\nbindings (a result field feeds a parameter)\n';
    for (const b of fed) out += `  ${b.from}.${b.field} → ${b.to}.${b.parameter}  ${b.rule} ${b.score}\n`;
  }
  if (plan.missing.length > 0) {
    out += '\nmissing (ask the user)\n';
    for (const m of plan.missing) out += `  ${m.step}.${m.parameter}: ${m.reason}\n`;
  }
  if (plan.optional.length > 0) {
    out += '\noptional (often run with these steps, not required)\n';
    for (const o of plan.optional) out += `  ${o.tool} ${o.relation} ${o.step} (${o.score})\n`;
  }
  const given = plan.bindings.filter((x) => x.from === undefined);
  if (explain && given.length > 0) {
    out += '\nvalues known before the calls\n';
    for (const b of given) out += `  ${b.to}.${b.parameter} = ${b.field}  (${b.evidence})\n`;
  }
  if (explain && fed.length > 0) {
    out += '\nevidence of the bindings\n';
    for (const b of fed) out += `  ${b.to}.${b.parameter}: ${b.evidence}\n`;
    for (const e of plan.explanation ?? []) {
      out += `  candidates for ${e.step}.${e.parameter}:\n`;
      for (const c of e.candidates)
        out += `    ${c.chosen ? '*' : ' '} ${c.tool} ${c.rule} ${c.score}${c.declared ? ' declared' : ''}${c.note === undefined ? '' : ` (${c.note})`}\n`;
    }
  }
  return escapeForTerminal(out, { keepNewlines: true });
}

export async function planCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      ...GRAPH_OPTIONS,
      file: { type: 'string' },
      json: { type: 'boolean' },
      explain: { type: 'boolean' },
      target: { type: 'string' },
      'max-depth': { type: 'string' },
      known: { type: 'string', multiple: true },
    },
  });
  const request = await readRequest(io, positionals, values.file);
  if (request.trim() === '' && values.target === undefined)
    throw new MdkgError('MDKG_USAGE', 'no request: mdkg plan "<what you want to do>", --target <tool>, --file <path>, or - for stdin (see \'mdkg help plan\')');
  const maxDepth = values['max-depth'] === undefined ? undefined : Number(values['max-depth']);
  if (maxDepth !== undefined && (!Number.isInteger(maxDepth) || maxDepth < 0 || maxDepth > 10))
    throw new MdkgError('MDKG_USAGE', `--max-depth must be an integer from 0 to 10, got '${values['max-depth']}'`);
  const known: Record<string, string> = {};
  for (const pair of values.known ?? []) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new MdkgError('MDKG_USAGE', `--known takes name=value, got '${pair}'`);
    Object.defineProperty(known, pair.slice(0, eq), { value: pair.slice(eq + 1), enumerable: true, writable: true, configurable: true });
  }
  const { root, config } = await graphRoot(io, values);
  const source = await openPlanSource(io, root, config, values['no-cache'] !== true);
  const plan = await planRequest(source, request, {
    ...(values.target === undefined ? {} : { target: values.target }),
    ...(maxDepth === undefined ? {} : { maxDepth }),
    explain: values.explain === true,
    ...(values.known === undefined ? {} : { known }),
  });
  if (values.json === true) io.stdout(`${JSON.stringify(plan, null, 2)}\n`);
  else {
    for (const d of plan.diagnostics) io.stderr(`${diagnosticLine(d)}\n`);
    io.stdout(renderPlan(plan, values.explain === true));
  }
  return plan.diagnostics.some((d) => d.severity === 'error') ? EXIT.failed : EXIT.ok;
}
