// Which parameter of a consumer a `requires` edge feeds, and from which field of the producer: read
// from a declared edge's bindings (`mdkg:binding`, or `response[].id -> path.customerId` in its
// evidence), a field-match edge's
// evidence (`... produces response.id ... consumes as path.petId`), the `{petId}` a path rule names,
// or else the parameter whose words the producer's output field has. Candidates are ranked:
// declared edges first, then a producer already in the plan, the edge's score, a read-only producer
// (a lookup has no side effects), fewer required parameters left to ask for, the producer's rank for
// the request, and the tool id.
import { singularize, splitIdentifier } from '../lexicon/words.js';
import { memoize } from '../util/memo.js';
import type { PlanEdge, PlanParam, PlanTool } from './plan-catalog.js';

/** One way a producer can fill a parameter. */
export interface Feed {
  producer: number;
  edge: PlanEdge;
  /** The producer's output field (`response[].id`); `response` when the edge names none. */
  field: string;
  /** Set when the parameter is not the one the edge was found for but has the same name as an output field. */
  sameName?: true;
}

const DECLARED_BINDING = /([\w$.[\]-]+) -> ([\w$.[\]-]+)/g;
const CONSUMES_AS = /\bconsumes as (\S+)/;
const PRODUCES = /\bproduces (\S+)/;
const PATH_PARAM = /\{([^}]+)\}/g;
const ID_WORDS: Readonly<Record<string, string>> = { ids: 'id', identifier: 'id', number: 'no', num: 'no', nr: 'no', uuid: 'id', guid: 'id' };

/** The words of a field's last segment, singular, with identifier words in one spelling (`petIds` → pet id). Shared: do not mutate. */
export const fieldWords = memoize((field: string): readonly string[] => {
  const last = field.replace(/\[\]/g, '').split('.').pop() ?? field;
  return splitIdentifier(last).map((w) => {
    const s = singularize(w);
    return ID_WORDS[w] ?? ID_WORDS[s] ?? s;
  });
});

/** The words of a tool name, singular (the owner of a bare `id` it outputs). */
const nameWords = memoize((name: string): ReadonlySet<string> => new Set(splitIdentifier(name).map(singularize)));

const sameWords = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((w, i) => w === b[i]);

/** The consumer parameter a field path or name refers to. */
function paramOf(consumer: PlanTool, ref: string): PlanParam | undefined {
  return consumer.params.find((p) => p.field === ref || p.name === ref) ?? consumer.params.find((p) => p.name === ref.slice(ref.indexOf('.') + 1));
}

/**
 * The producer's output field that carries the parameter's value: the same words (rank 3), or
 * unless `exact`, a bare identifier of the producer's own item (`id` of getPet for `petId`, rank 2).
 */
export function producedField(producer: PlanTool, param: PlanParam, exact = false): string | undefined {
  const want = fieldWords(param.name);
  const owner = nameWords(producer.name);
  let best: { field: string; rank: number } | undefined;
  for (const field of producer.produces) {
    const words = fieldWords(field);
    const depth = field.split('.').length;
    let rank = -1;
    if (sameWords(words, want)) rank = 3;
    else if (!exact && words.length === 1 && want.length > 1 && words[0] === want[want.length - 1] && want.slice(0, -1).every((w) => owner.has(w))) rank = 2;
    if (rank < 0) continue;
    // Shallower fields first, then document order.
    const score = rank * 10 - depth;
    if (best === undefined || score > best.rank) best = { field, rank: score };
  }
  return best?.field;
}

/**
 * The parameters of `consumer` that the edge to `producer` feeds, each with the producer's field:
 * those the edge names, then the other required parameters the producer outputs under the same words
 * (`assigneeId` next to the `taskId` the edge was found for).
 */
export function edgeFeeds(consumer: PlanTool, producer: PlanTool, edge: PlanEdge): Array<{ param: PlanParam; field: string; sameName?: true }> {
  const out: Array<{ param: PlanParam; field: string; sameName?: true }> = [];
  const push = (param: PlanParam | undefined, field: string | undefined): void => {
    if (param !== undefined && !out.some((o) => o.param === param)) out.push({ param, field: field ?? producedField(producer, param) ?? 'response' });
  };
  for (const b of edge.bindings ?? []) push(paramOf(consumer, b.parameter), b.field);
  if (out.length === 0) for (const match of edge.evidence.matchAll(DECLARED_BINDING)) push(paramOf(consumer, match[2] as string), match[1]);
  const consumed = out.length === 0 ? CONSUMES_AS.exec(edge.evidence) : null;
  if (consumed !== null) push(paramOf(consumer, consumed[1] as string), PRODUCES.exec(edge.evidence)?.[1]);
  if (out.length === 0) for (const match of edge.evidence.matchAll(PATH_PARAM)) push(paramOf(consumer, `path.${match[1]}`), undefined);
  const named = out.length > 0;
  for (const param of consumer.params) {
    if (!param.required || out.some((o) => o.param === param)) continue;
    const field = producedField(producer, param, named);
    if (field !== undefined) out.push({ param, field, ...(named ? { sameName: true as const } : {}) });
  }
  return out;
}

export interface RankInputs {
  inPlan: (tool: number) => boolean;
  /** Required parameters of a tool that neither the request, the known values nor a default fills. */
  open: (tool: number) => number;
  /** The producer's rank in the search for the whole request (lower is better; absent: after all ranked). */
  relevance: ReadonlyMap<number, number>;
  tools: readonly PlanTool[];
}

/** Candidates in the order they are tried. */
export function rankFeeds(feeds: readonly Feed[], inputs: RankInputs): Feed[] {
  const key = (f: Feed): Array<number | string> => [
    f.edge.declared ? 0 : 1,
    inputs.inPlan(f.producer) ? 0 : 1,
    -f.edge.score,
    inputs.tools[f.producer]?.readOnly === true ? 0 : 1,
    inputs.open(f.producer),
    inputs.relevance.get(f.producer) ?? Number.MAX_SAFE_INTEGER,
    inputs.tools[f.producer]?.id ?? '',
  ];
  return [...feeds].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    for (let i = 0; i < x.length; i += 1) if (x[i] !== y[i]) return (x[i] as number | string) < (y[i] as number | string) ? -1 : 1;
    return 0;
  });
}
