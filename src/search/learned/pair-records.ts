// Reads the learned pairs of a loaded graph (documents of type mdkg:LearnedPair, graphs/learned/)
// and checks each against the graph as it is now: does its target still exist, and has the
// target's hash changed since the pair was learned? A pair that cannot be read is a diagnostic
// (MDKG_PAIR_INVALID, with its file); the other pairs still load. Expiry (the TTL) is applied when
// an index is assembled (learned-pairs.ts), so a persisted index never keeps an expired pair alive.
import { createHash } from 'node:crypto';
import type { Quad, Term } from '@rdfjs/types';
import type { Diagnostic } from '../../errors.js';
import { DEFAULT_PREFIXES, MDKG, RDF_TYPE } from '../../rdf/namespaces.js';
import type { QuadStore } from '../../rdf/quad-store.js';
import { namedNode } from '../catalog/named-node.js';

/** Longest term, target and evidence a pair may hold (characters); longer input is refused when learning, skipped when read. */
export const PAIR_LIMITS = { term: 200, target: 1000, evidence: 2000 } as const;

/** Where a pair stands against the graph it was read from. */
export type PairStatus = 'active' | 'stale' | 'missing';

export interface PairRecord {
  /** The pair's IRI (its document). */
  iri: string;
  term: string;
  /** The target's IRI and compact id (`tool:memory/delete_entities`, `code:src/a.ts#f`). */
  target: string;
  targetId: string;
  /** `tool` (mdkg:Tool) or `symbol` (mdkg:Symbol, or anything else the target is). */
  targetKind: 'tool' | 'symbol';
  similarity: number;
  evidence: string;
  /** ISO date-time. */
  learnedAt: string;
  /** The target's hash when learned, and now (undefined when it is gone). */
  targetHash: string;
  currentHash?: string;
  status: PairStatus;
  /** The document's path, relative to the graph folder. */
  path?: string;
}

const m = (local: string): string => `${MDKG}${local}`;
/** Statements left out of a target's hash: where it sits in its file, and document provenance. */
const UNHASHED = new Set([m('startLine'), m('endLine'), m('contentHash'), m('sourcePath'), m('generated')]);

/** The literal or IRI value of one term (blank nodes, whose labels change per load, count as `_`). */
const termText = (t: Term): string =>
  t.termType === 'BlankNode' ? '_' : t.termType === 'Literal' ? `"${t.value}"^^${t.datatype?.value ?? ''}@${t.language}` : `<${t.value}>`;

/** A compact id with the longest known prefix (`code:src/a.ts#f`, which compactIri leaves whole), or the IRI. */
export function compactId(iri: string): string {
  let best: [string, string] | undefined;
  for (const [prefix, ns] of Object.entries(DEFAULT_PREFIXES))
    if (iri.startsWith(ns) && iri.length > ns.length && (best === undefined || ns.length > best[1].length)) best = [prefix, ns];
  return best === undefined ? iri : `${best[0]}:${iri.slice(best[1].length)}`;
}

/** Whether the IRI is the subject of any statement of the graph. */
export function nodeExists(store: QuadStore, iri: string): boolean {
  return store.countQuads(namedNode(iri), null, null, null) > 0;
}

/**
 * The hash of a node as the graph states it now: its own statements (predicate and object, sorted,
 * each once), without line numbers and document provenance, so that an edit elsewhere in its file
 * does not change it. `sha256:<hex>`.
 */
export function targetHash(store: QuadStore, iri: string): string {
  const lines = new Set<string>();
  for (const q of store.getQuads(namedNode(iri), null, null, null) as Quad[]) {
    if (UNHASHED.has(q.predicate.value)) continue;
    lines.add(`${q.predicate.value} ${termText(q.object)}`);
  }
  return `sha256:${createHash('sha256')
    .update([...lines].sort().join('\n'))
    .digest('hex')}`;
}

/** Whether a node is a tool (else it is read as a symbol). */
export function isTool(store: QuadStore, iri: string): boolean {
  return store.countQuads(namedNode(iri), namedNode(RDF_TYPE), namedNode(m('Tool')), null) > 0;
}

/** Every learned pair of the store, checked against the graph, in IRI order; and what could not be read. */
export function readPairRecords(store: QuadStore): { records: PairRecord[]; diagnostics: Diagnostic[] } {
  const records: PairRecord[] = [];
  const diagnostics: Diagnostic[] = [];
  const subjects = store.getQuads(null, namedNode(RDF_TYPE), namedNode(m('LearnedPair')), null).map((q) => q.subject.value);
  for (const iri of [...new Set(subjects)].sort()) {
    const one = (p: string): Term | undefined => store.getQuads(namedNode(iri), namedNode(m(p)), null, null)[0]?.object;
    const path = store.getQuads(namedNode(iri), namedNode(m('sourcePath')), null, null)[0]?.object.value;
    const where = path === undefined ? {} : { file: path, line: 1 };
    const term = one('term');
    const target = one('target');
    const learnedAt = one('learnedAt');
    const hash = one('targetHash');
    const similarity = Number(one('similarity')?.value ?? '0');
    const problem =
      term?.termType !== 'Literal' || term.value.trim() === '' || term.value.length > PAIR_LIMITS.term
        ? `a term (text of 1 to ${PAIR_LIMITS.term} characters)`
        : target?.termType !== 'NamedNode' || target.value.length > PAIR_LIMITS.target
          ? 'a target (the id of a tool or symbol)'
          : learnedAt === undefined || !Number.isFinite(Date.parse(learnedAt.value))
            ? 'a learned_at date-time'
            : hash === undefined || !/^sha256:[0-9a-f]{64}$/.test(hash.value)
              ? 'a target_hash (sha256:<hex>)'
              : !(similarity >= 0 && similarity <= 1)
                ? 'a similarity from 0 to 1'
                : undefined;
    if (problem !== undefined || term === undefined || target === undefined || learnedAt === undefined || hash === undefined) {
      diagnostics.push({ code: 'MDKG_PAIR_INVALID', severity: 'warning', message: `learned pair ${compactId(iri)} is skipped: it needs ${problem}`, ...where });
      continue;
    }
    const exists = nodeExists(store, target.value);
    const current = exists ? targetHash(store, target.value) : undefined;
    const status: PairStatus = current === undefined ? 'missing' : current === hash.value ? 'active' : 'stale';
    records.push({
      iri,
      term: term.value,
      target: target.value,
      targetId: compactId(target.value),
      targetKind: (exists ? isTool(store, target.value) : target.value.startsWith(DEFAULT_PREFIXES.tool!)) ? 'tool' : 'symbol',
      similarity,
      evidence: (one('evidence')?.value ?? '').slice(0, PAIR_LIMITS.evidence),
      learnedAt: new Date(Date.parse(learnedAt.value)).toISOString(),
      targetHash: hash.value,
      ...(current === undefined ? {} : { currentHash: current }),
      status,
      ...(path === undefined ? {} : { path }),
    });
  }
  return { records, diagnostics };
}
