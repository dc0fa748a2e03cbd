// Dependency edges between tools, read from the qualified `mdkg:dependency` nodes (relation,
// target, confidence, score; tool document format 1), the `mdkg:edgeNote` literals (the same in
// one string; format 2) and the plain relation triples.
import { DEFAULT_PREFIXES, MDKG } from '../../rdf/namespaces.js';
import { bySubject, type TermReader } from './term-reader.js';

export type Relation = 'requires' | 'precedes' | 'relatedTo' | 'nextStep';
export const RELATIONS: readonly Relation[] = ['requires', 'precedes', 'relatedTo', 'nextStep'];
export type EdgeConfidence = 'extracted' | 'inferred' | 'ambiguous';

/** A dependency between two tools. Its evidence text stays in the graph (see a result's `sparql`). */
export interface ToolEdge {
  from: number;
  to: number;
  relation: Relation;
  confidence: EdgeConfidence;
  /** Strength in [0, 1] from the generator; 1 for hand-written edges. */
  score: number;
}

const CONFIDENCES = new Set<string>(['extracted', 'inferred', 'ambiguous']);
const m = (local: string): string => `${MDKG}${local}`;

/** A format-2 edge note: `relation target confidence score rule: evidence`. */
const NOTE = /^(\S+) (\S+) (\S+) (\S+) \S*?:(?: |$)/;

/** A note's target as an IRI: a compact `prefix:rest` of the default context is expanded. */
export function expandTarget(target: string): string {
  const colon = target.indexOf(':');
  const prefix = colon > 0 && Object.hasOwn(DEFAULT_PREFIXES, target.slice(0, colon)) ? DEFAULT_PREFIXES[target.slice(0, colon)] : undefined;
  return prefix === undefined ? target : `${prefix}${target.slice(colon + 1)}`;
}

/**
 * Edges between tools. `bySubjectId` finds the tool of a subject id; targets are matched by IRI,
 * as an edge may name its target with any term. A qualified edge wins over a plain one with the
 * same tools and relation; a repeated qualified edge replaces the first in place.
 */
export function readEdges(r: TermReader, bySubjectId: ReadonlyMap<number, number>, byIri: ReadonlyMap<string, number>): ToolEdge[] {
  const n = byIri.size;
  const out: ToolEdge[] = [];
  const dependencies = r.pairs(m('dependency'));
  // The first relation, target, confidence and score of every dependency node, by node id.
  let maxNode = -1;
  for (const o of dependencies.objects) if (o > maxNode) maxNode = o;
  const firstOf = (predicate: string, literal: boolean): Int32Array => {
    const first = new Int32Array(maxNode + 1).fill(-1);
    const { subjects, objects } = r.pairs(m(predicate));
    for (let i = 0; i < subjects.length; i += 1) {
      const s = subjects[i] as number;
      if (s <= maxNode && first[s] === -1 && (!literal || r.isLiteral(objects[i] as number))) first[s] = objects[i] as number;
    }
    return first;
  };
  const [relationOf, targetOf, confidenceOf, scoreOf] = [
    firstOf('relation', false),
    firstOf('target', false),
    firstOf('confidence', true),
    firstOf('score', true),
  ];
  const relations = new Map<number, number>();
  const relationIndex = (id: number): number => {
    if (id < 0) return -1;
    let at = relations.get(id);
    if (at === undefined) relations.set(id, (at = RELATIONS.indexOf(r.value(id)?.slice(MDKG.length) as Relation)));
    return at;
  };
  const target = (id: number): number | undefined => (id < 0 ? byIri.get('') : (bySubjectId.get(id) ?? byIri.get(r.value(id) ?? '')));
  const scores = new Map<number, number>();
  const score = (id: number): number => {
    let value = scores.get(id);
    if (value === undefined) {
      const raw = Number(r.cachedValue(id < 0 ? undefined : id) ?? '0.5');
      scores.set(id, (value = Number.isFinite(raw) ? Math.min(1, Math.max(0, raw)) : 0.5));
    }
    return value;
  };
  // Qualified edges first: they carry confidence and score. Edge (from, relation, to) sits at
  // out[at[relation * n + to]] while owner[...] is `from`; a tool's qualified edges are contiguous.
  const owner = new Int32Array(RELATIONS.length * n).fill(-1);
  const at = new Int32Array(RELATIONS.length * n);
  const qualified = new Int32Array(2 * n);
  const add = (from: number, rel: number, to: number | undefined, confidence: string, strength: number): void => {
    if (rel < 0 || to === undefined || to === from) return;
    const edge: ToolEdge = {
      from,
      to,
      relation: RELATIONS[rel]!,
      confidence: CONFIDENCES.has(confidence) ? (confidence as EdgeConfidence) : 'ambiguous',
      score: strength,
    };
    const key: number = rel * n + to;
    if (owner[key] === from) out[at[key] as number] = edge;
    else {
      owner[key] = from;
      at[key] = out.length;
      out.push(edge);
    }
  };
  bySubject(dependencies, (subject, nodes) => {
    const from = bySubjectId.get(subject);
    if (from === undefined) return;
    qualified[2 * from] = out.length;
    for (let i = 0; i < nodes.length; i += 1) {
      const node = nodes[i] as number;
      const confidence = r.cachedValue((confidenceOf[node] as number) < 0 ? undefined : confidenceOf[node]) ?? 'inferred';
      add(from, relationIndex(relationOf[node] as number), target(targetOf[node] as number), confidence, score(scoreOf[node] as number));
    }
    qualified[2 * from + 1] = out.length;
  });
  // Format-2 notes, for a tool without qualified nodes (a document uses one form or the other).
  bySubject(r.pairs(m('edgeNote')), (subject, notes) => {
    const from = bySubjectId.get(subject);
    if (from === undefined || (qualified[2 * from + 1] as number) > (qualified[2 * from] as number)) return;
    qualified[2 * from] = out.length;
    for (let i = 0; i < notes.length; i += 1) {
      const note = notes[i] as number;
      const match = r.isLiteral(note) ? NOTE.exec(r.value(note) ?? '') : null;
      if (match === null) continue;
      const raw = Number(match[4]);
      const strength = Number.isFinite(raw) ? Math.min(1, Math.max(0, raw)) : 0.5;
      add(from, RELATIONS.indexOf(match[1] as Relation), byIri.get(expandTarget(match[2] as string)), match[3] as string, strength);
    }
    qualified[2 * from + 1] = out.length;
  });
  // Plain edges without a qualifying node were written by a person: extracted, full strength.
  const taken = new Int32Array(n).fill(-1);
  let group = 0;
  RELATIONS.forEach((relation) => {
    bySubject(r.pairs(m(relation)), (subject, objects) => {
      const from = bySubjectId.get(subject);
      if (from === undefined) return;
      group += 1;
      for (let i = qualified[2 * from] as number; i < (qualified[2 * from + 1] as number); i += 1) if (out[i]!.relation === relation) taken[out[i]!.to] = group;
      for (let i = 0; i < objects.length; i += 1) {
        const to = target(objects[i] as number);
        if (to === undefined || to === from || taken[to] === group) continue;
        taken[to] = group;
        out.push({ from, to, relation, confidence: 'extracted', score: 1 });
      }
    });
  });
  return out;
}
