import type { Quad } from '@rdfjs/types';
import { compactIri, MDKG, RDF_TYPE, SCHEMA } from './namespaces.js';

/** Predicates left out of diagrams: typing and provenance say nothing about links. */
const SKIPPED = new Set([RDF_TYPE, `${MDKG}sourcePath`, `${MDKG}contentHash`]);

interface Edge {
  from: string;
  to: string;
  label: string;
}

/** `schema:name` of each subject, first one wins: the labels of diagram nodes. */
export function namesOf(quads: Iterable<Quad>): Map<string, string> {
  const names = new Map<string, string>();
  for (const q of quads)
    if (q.predicate.value === `${SCHEMA}name` && q.object.termType === 'Literal' && !names.has(q.subject.value)) names.set(q.subject.value, q.object.value);
  return names;
}

function collect(
  quads: readonly Quad[],
  prefixes: Readonly<Record<string, string>>,
  names: ReadonlyMap<string, string>,
): { nodes: Map<string, string>; edges: Edge[] } {
  const nodes = new Map<string, string>();
  const label = (term: Quad['subject'] | Quad['object']): string =>
    names.get(term.value) ?? (term.termType === 'BlankNode' ? '(blank)' : compactIri(term.value, prefixes));
  const seen = new Set<string>();
  const edges: Edge[] = [];
  for (const q of quads) {
    if (SKIPPED.has(q.predicate.value) || q.object.termType === 'Literal') continue;
    const key = `${q.subject.value}\u0000${q.predicate.value}\u0000${q.object.value}`;
    if (seen.has(key)) continue;
    seen.add(key);
    nodes.set(q.subject.value, label(q.subject));
    nodes.set(q.object.value, label(q.object));
    edges.push({ from: q.subject.value, to: q.object.value, label: compactIri(q.predicate.value, prefixes) });
  }
  edges.sort((a, b) => (a.from + a.label + a.to < b.from + b.label + b.to ? -1 : 1));
  return { nodes: new Map([...nodes].sort((a, b) => (a[0] < b[0] ? -1 : 1))), edges };
}

/** A Mermaid flowchart of the resource-to-resource edges, labelled with names where known. */
export function toMermaid(quads: readonly Quad[], prefixes: Readonly<Record<string, string>>, names: ReadonlyMap<string, string> = namesOf(quads)): string {
  const { nodes, edges } = collect(quads, prefixes, names);
  const ids = new Map([...nodes.keys()].map((iri, i) => [iri, `n${i}`]));
  const text = (s: string): string => `"${s.replace(/"/g, '#quot;')}"`;
  const lines = ['flowchart LR'];
  for (const [iri, label] of nodes) lines.push(`  ${ids.get(iri)}[${text(label)}]`);
  for (const e of edges) lines.push(`  ${ids.get(e.from)} -->|${text(e.label)}| ${ids.get(e.to)}`);
  return `${lines.join('\n')}\n`;
}

/** A Graphviz digraph of the resource-to-resource edges. */
export function toDot(quads: readonly Quad[], prefixes: Readonly<Record<string, string>>, names: ReadonlyMap<string, string> = namesOf(quads)): string {
  const { nodes, edges } = collect(quads, prefixes, names);
  const q = (s: string): string => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
  const lines = ['digraph mdkg {', '  rankdir=LR;', '  node [shape=box];'];
  for (const [iri, label] of nodes) lines.push(`  ${q(iri)} [label=${q(label)}];`);
  for (const e of edges) lines.push(`  ${q(e.from)} -> ${q(e.to)} [label=${q(e.label)}];`);
  lines.push('}');
  return `${lines.join('\n')}\n`;
}
