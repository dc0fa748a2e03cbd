// The plan engine on the XGEN workflow cases of graph-tool-call, scored with the cases' own
// metrics against the thresholds their files state. Data is read in place from
// ../shared/datasets/graph-tool-call (never copied here); graphs are generated into a temp folder.
//
//   npm run bench:plans [-- --json] [-- --verbose]
//
// Each case: `query`, `entities` (values the caller knows, passed with the file's
// `context_defaults` as the request's known values), `expected_target`, `expected_producers`,
// `expected_plan` (tools in order), `expected_bindings` (`consumer.param` → producer tool) and
// optionally `expected_user_input_slots` (parameters the user must supply: the plan's `missing`).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateTools } from '../src/generate/generate-tools.js';
import { KnowledgeGraph } from '../src/graph/knowledge-graph.js';
import { planRequest } from '../src/plan/plan-request.js';
import type { Plan } from '../src/plan/types.js';
import { ToolIndex } from '../src/search/tool-index.js';
import { renderTable } from '../src/util/table.js';

const ROOT = process.env.MDKG_GTC_DIR ?? fileURLToPath(new URL('../../shared/datasets/graph-tool-call/benchmarks/', import.meta.url));
const DIR = join(ROOT, 'xgen_tool_graph');
const SETS = [
  { cases: 'workflow_cases.json', spec: 'workflow_openapi.json', source: 'workflow' },
  { cases: 'cases.json', spec: 'commerce_openapi.json', source: 'commerce' },
  { cases: 'admin_cases.json', spec: 'admin_openapi.json', source: 'admin' },
];
const args = process.argv.slice(2);
const asJson = args.includes('--json');
const verbose = args.includes('--verbose');

interface Case {
  id: string;
  query: string;
  entities?: Record<string, unknown>;
  expected_target: string;
  expected_producers: string[];
  expected_plan: string[];
  expected_bindings: Record<string, string>;
  expected_user_input_slots?: string[];
}
interface CaseFile {
  name: string;
  top_k: number;
  context_defaults?: Record<string, unknown>;
  thresholds: Record<string, number>;
  cases: Case[];
}

/** Per case, each metric in [0, 1] or null when the case has nothing to score for it. */
interface CaseScore {
  set: string;
  id: string;
  lang: string;
  target_recall_at_k: number;
  target_mrr: number;
  producer_recall: number | null;
  plan_exact_match: number;
  plan_step_recall: number;
  binding_accuracy: number | null;
  user_input_slot_recall: number | null;
  unneeded_expansion: number;
  latency_ms: number;
  plan: string[];
}

const nameOf = (id: string): string => id.slice(id.lastIndexOf('/') + 1);
const lastSegment = (parameter: string): string => parameter.slice(parameter.lastIndexOf('.') + 1);
/** Hangul in the request: Korean; else English (the cases are Korean and English). */
const langOf = (text: string): string => (/[\u3131-\u318e\uac00-\ud7a3]/u.test(text) ? 'ko' : 'en');
const share = (want: readonly string[], have: ReadonlySet<string>): number | null =>
  want.length === 0 ? null : want.filter((w) => have.has(w)).length / want.length;

function scoreCase(set: string, c: Case, plan: Plan, ranked: string[], k: number, ms: number): CaseScore {
  const steps = plan.steps.map((s) => nameOf(s.tool));
  const stepTool = new Map(plan.steps.map((s) => [s.id, nameOf(s.tool)]));
  const rank = ranked.indexOf(c.expected_target);
  const prerequisites = new Set(plan.steps.filter((s) => s.role === 'prerequisite').map((s) => nameOf(s.tool)));
  const bound = new Set(
    plan.bindings.flatMap((b) => (b.from === undefined ? [] : [`${stepTool.get(b.to)}.${lastSegment(b.parameter)}\u0000${stepTool.get(b.from)}`])),
  );
  const expectedBindings = Object.entries(c.expected_bindings);
  const missing = new Set(plan.missing.map((m) => lastSegment(m.parameter)));
  return {
    set,
    id: c.id,
    lang: langOf(c.query),
    target_recall_at_k: rank >= 0 && rank < k ? 1 : 0,
    target_mrr: rank >= 0 ? 1 / (rank + 1) : 0,
    producer_recall: share(c.expected_producers, prerequisites),
    plan_exact_match: steps.length === c.expected_plan.length && steps.every((s, i) => s === c.expected_plan[i]) ? 1 : 0,
    plan_step_recall: share(c.expected_plan, new Set(steps)) ?? 1,
    binding_accuracy:
      expectedBindings.length === 0 ? null : expectedBindings.filter(([to, from]) => bound.has(`${to}\u0000${from}`)).length / expectedBindings.length,
    user_input_slot_recall: share(c.expected_user_input_slots ?? [], missing),
    unneeded_expansion: steps.some((s) => !c.expected_plan.includes(s)) ? 1 : 0,
    latency_ms: ms,
    plan: steps,
  };
}

/** The graph of one spec, generated into `tmp`, and its index. */
async function build(spec: string, source: string, tmp: string): Promise<{ graph: KnowledgeGraph; index: ToolIndex }> {
  const out = join(tmp, source);
  const [report] = await generateTools([{ id: source, kind: 'openapi', file: join(DIR, spec) }], { outDir: join(out, 'tools'), cwd: DIR });
  if (report?.ok !== true) throw new Error(`${spec}: not generated: ${JSON.stringify(report?.diagnostics)}`);
  const graph = await KnowledgeGraph.load(out, { cache: false });
  return { graph, index: ToolIndex.build(graph) };
}

const METRICS = [
  'target_recall_at_k',
  'target_mrr',
  'producer_recall',
  'plan_exact_match',
  'plan_step_recall',
  'binding_accuracy',
  'user_input_slot_recall',
] as const;
/** Each metric's threshold key in the case files. */
const THRESHOLD: Record<(typeof METRICS)[number], string> = {
  target_recall_at_k: 'target_recall_at_k',
  target_mrr: 'mean_target_mrr',
  producer_recall: 'producer_recall',
  plan_exact_match: 'plan_exact_match',
  plan_step_recall: 'plan_step_recall',
  binding_accuracy: 'binding_accuracy',
  user_input_slot_recall: 'user_input_slot_recall',
};

function summary(scores: readonly CaseScore[]): Record<string, number | null> {
  const out: Record<string, number | null> = { cases: scores.length };
  for (const m of METRICS) {
    const values = scores.map((s) => s[m]).filter((v): v is number => v !== null);
    out[m] = values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
  }
  out.avg_latency_ms = scores.reduce((a, s) => a + s.latency_ms, 0) / Math.max(1, scores.length);
  out.unneeded_expansion_case_count = scores.filter((s) => s.unneeded_expansion === 1).length;
  return out;
}

async function main(): Promise<void> {
  const tmp = await mkdtemp(join(tmpdir(), 'mdkg-plans-'));
  try {
    const scores: CaseScore[] = [];
    const thresholds: Record<string, Record<string, number>> = {};
    for (const set of SETS) {
      const file = JSON.parse(await readFile(join(DIR, set.cases), 'utf8')) as CaseFile;
      thresholds[set.source] = file.thresholds;
      const { graph, index } = await build(set.spec, set.source, tmp);
      for (const c of file.cases) {
        const known = { ...file.context_defaults, ...c.entities };
        // Warm once, then time the plan (search included).
        await planRequest({ index, graph }, c.query, { known });
        const t0 = performance.now();
        const plan = await planRequest({ index, graph }, c.query, { known });
        const ms = performance.now() - t0;
        const ranked = (await index.search(c.query, { limit: file.top_k })).hits.map((h) => h.name);
        const score = scoreCase(set.source, c, plan, ranked, file.top_k, ms);
        scores.push(score);
        if (verbose && !asJson) console.log(`${set.source} ${c.id}: plan ${score.plan.join(' → ')} (expected ${c.expected_plan.join(' → ')})`);
      }
    }
    const groups: Array<[string, CaseScore[]]> = [
      ...SETS.map((s): [string, CaseScore[]] => [s.source, scores.filter((x) => x.set === s.source)]),
      ...[...new Set(scores.map((s) => s.lang))].sort().map((lang): [string, CaseScore[]] => [`lang ${lang}`, scores.filter((x) => x.lang === lang)]),
      ['all', scores],
    ];
    const result = Object.fromEntries(groups.map(([name, list]) => [name, summary(list)]));
    if (asJson) {
      console.log(JSON.stringify({ thresholds, summary: result, cases: scores }, null, 2));
      return;
    }
    // Thresholds are the same in the three files; the first file's are shown.
    const limits = thresholds[SETS[0]!.source] ?? {};
    const headers = ['metric', 'threshold', ...groups.map(([name]) => name)];
    const fmt = (v: number | null | undefined, digits = 3): string => (v === null || v === undefined ? '-' : v.toFixed(digits));
    const rows = METRICS.map((m) => [m, `≥ ${fmt(limits[THRESHOLD[m]], 2)}`, ...groups.map(([name]) => fmt(result[name]?.[m]))]);
    rows.push(['avg latency ms', `≤ ${fmt(limits.max_avg_latency_ms, 0)}`, ...groups.map(([name]) => fmt(result[name]?.avg_latency_ms, 1))]);
    rows.push([
      'unneeded expansion cases',
      `≤ ${fmt(limits.max_unneeded_expansion_case_count, 0)}`,
      ...groups.map(([name]) => String(result[name]?.unneeded_expansion_case_count)),
    ]);
    rows.unshift(['cases', '', ...groups.map(([name]) => String(result[name]?.cases))]);
    console.log(renderTable(headers, rows));
    const failing = scores.filter((s) => s.plan_exact_match === 0);
    for (const s of failing) console.log(`plan differs: ${s.set} ${s.id}: ${s.plan.join(' → ') || '(no steps)'}`);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

await main();
