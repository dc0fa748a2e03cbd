// Small tool graphs for the plan tests: tool documents written from a compact description
// (parameters, produced fields, requires edges with their notes), loaded without a cache, indexed.
import { loadGraph } from '../../src/graph/knowledge-graph.js';
import type { PlanSource } from '../../src/plan/types.js';
import { ToolIndex } from '../../src/search/tool-index.js';
import { tempDir } from './temp-dir.js';

export interface FixtureTool {
  name: string;
  title: string;
  readOnly?: boolean;
  /** `name:type` or `name:type:optional`, or with a location: `path.petId:integer`. */
  params?: string[];
  produces?: string[];
  /** `target rule score: evidence` (a format-2 edge note without the relation and confidence). */
  requires?: string[];
  /** `target score` for `precedes` edges. */
  precedes?: string[];
  /** Hand-written `requires` targets (no note). */
  handRequires?: string[];
  enums?: Record<string, string[]>;
  /** Declared bindings (`mdkg:binding`): `parameter <- producer field rule`. */
  bindings?: string[];
}

function document(source: string, t: FixtureTool): string {
  const lines = [
    '---',
    `id: tool:${source}/${t.name}`,
    'type: Tool',
    'format: 2',
    `name: ${t.name}`,
    `source: ${source}`,
    `title: ${t.title}`,
    `description: ${t.title}.`,
  ];
  if (t.readOnly !== undefined) lines.push(`readOnlyHint: ${t.readOnly}`);
  if ((t.params ?? []).length > 0) lines.push('parameters:');
  for (const p of t.params ?? []) {
    const [full, type, optional] = p.split(':') as [string, string, string | undefined];
    const dot = full.indexOf('.');
    const where = dot > 0 ? full.slice(0, dot) : undefined;
    const name = dot > 0 ? full.slice(dot + 1) : full;
    lines.push(`  - id: "#param-${full}"`, '    "@type": Parameter', `    name: ${name}`, `    type: ${type}`, `    required: ${optional === undefined}`);
    if (where !== undefined) lines.push(`    in: ${where}`);
    const values = t.enums?.[name];
    if (values !== undefined) lines.push('    enum:', ...values.map((v) => `      - ${v}`));
  }
  if ((t.produces ?? []).length > 0) lines.push('produces:', ...(t.produces ?? []).map((f) => `  - ${f}`));
  const requires = [...(t.requires ?? []).map((r) => r.split(' ')[0]!), ...(t.handRequires ?? [])];
  if (requires.length > 0) lines.push('requires:', ...requires.map((r) => `  - tool:${source}/${r}`));
  if ((t.precedes ?? []).length > 0) lines.push('precedes:', ...(t.precedes ?? []).map((r) => `  - tool:${source}/${r.split(' ')[0]}`));
  const notes = [
    ...(t.requires ?? []).map((r) => {
      const [target, rule, ...rest] = r.split(' ');
      const [score, ...evidence] = rest.join(' ').split(': ');
      const confidence = rule!.startsWith('declared') ? 'extracted' : 'inferred';
      return `requires tool:${source}/${target} ${confidence} ${score} ${rule}: ${evidence.join(': ')}`;
    }),
    ...(t.precedes ?? []).map((r) => `precedes tool:${source}/${r.split(' ')[0]} inferred ${r.split(' ')[1]} crud-order: before`),
  ];
  if (notes.length > 0) lines.push('edge_notes:', ...notes.map((n) => `  - ${JSON.stringify(n)}`));
  if ((t.bindings ?? []).length > 0) lines.push('"mdkg:binding":', ...(t.bindings ?? []).map((b) => `  - ${JSON.stringify(b)}`));
  lines.push('---', `# ${t.title}`, '');
  return lines.join('\n');
}

/** The plan source for tools of one source, in a temp folder removed after the test. */
export async function planFixture(source: string, tools: readonly FixtureTool[]): Promise<PlanSource> {
  const files = Object.fromEntries(tools.map((t) => [`tools/${source}/${t.name}.md`, document(source, t)]));
  const dir = await tempDir(files);
  const graph = await loadGraph(dir, { cache: false });
  if (graph.diagnostics.length > 0) throw new Error(JSON.stringify(graph.diagnostics));
  return { index: ToolIndex.build(graph), graph };
}

/** A billing catalog: look a customer up by e-mail, create an invoice for it, send it; and a cycle and a chain. */
export const BILLING: FixtureTool[] = [
  {
    name: 'find_customer',
    title: 'Find a customer by e-mail address',
    readOnly: true,
    params: ['email:string'],
    produces: ['customers[].id', 'customers[].email'],
  },
  {
    name: 'list_customers',
    title: 'List every customer',
    readOnly: true,
    params: ['status:string'],
    enums: { status: ['active', 'archived'] },
    produces: ['customers[].id'],
  },
  {
    name: 'create_invoice',
    title: 'Create an invoice for a customer',
    readOnly: false,
    params: ['customerId:string', 'amount:number', 'note:string:optional'],
    produces: ['id', 'customerId'],
    requires: [
      'find_customer field-match 0.75: find_customer produces customers[].id (string) that create_invoice consumes as customerId (string) (customer id)',
      'list_customers field-match 0.7: list_customers produces customers[].id (string) that create_invoice consumes as customerId (string) (customer id)',
    ],
    precedes: ['get_invoice 0.6'],
  },
  {
    name: 'send_invoice',
    title: 'Send an invoice by e-mail',
    readOnly: false,
    params: ['invoiceId:string'],
    requires: ['create_invoice field-match 0.8: create_invoice produces id (string) that send_invoice consumes as invoiceId (invoice id)'],
  },
  { name: 'get_invoice', title: 'Get an invoice', readOnly: true, params: ['invoiceId:string'], produces: ['id', 'total'] },
  { name: 'list_invoices', title: 'List the invoices', readOnly: true, produces: ['invoices[].id'] },
  {
    name: 'void_invoice',
    title: 'Void an invoice',
    readOnly: false,
    params: ['invoiceId:string'],
    requires: ['create_invoice field-match 0.8: create_invoice produces id (string) that void_invoice consumes as invoiceId (invoice id)'],
    bindings: ['invoiceId <- tool:bill/list_invoices invoices[].id declared:x-mdkg-requires'],
  },
  {
    name: 'lock_door',
    title: 'Lock a door with a key',
    params: ['keyId:string'],
    produces: ['doorId'],
    requires: ['open_safe field-match 0.8: open_safe produces keyId (string) that lock_door consumes as keyId (key id)'],
  },
  {
    name: 'open_safe',
    title: 'Open a safe of a door',
    params: ['doorId:string'],
    produces: ['keyId'],
    requires: ['lock_door field-match 0.8: lock_door produces doorId (string) that open_safe consumes as doorId (door id)'],
  },
  ...[1, 2, 3, 4, 5].map(
    (i): FixtureTool => ({
      name: `stage_${i}`,
      title: `Run stage ${i} of the pipeline`,
      params: i === 5 ? [] : [`stage${i + 1}Token:string`],
      produces: [`stage${i}Token`],
      requires: i === 5 ? [] : [`stage_${i + 1} field-match 0.9: stage_${i + 1} produces stage${i + 1}Token that stage_${i} consumes as stage${i + 1}Token`],
    }),
  ),
];
