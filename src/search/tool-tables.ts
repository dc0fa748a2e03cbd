// Per-tool tables of an index (graph-expansion steps, re-ranking profiles): plain arrays when the
// index is built from the graph, or packed and decoded on first use when it comes from a persisted
// index (index-cache.ts). A search touches a few dozen tools; decoding all 10,000 profiles and
// 190,000 steps up front would cost more than the search.
import type { VerbClass } from '../lexicon/verbs.js';
import { splitIdentifier } from '../lexicon/words.js';
import type { ToolRecord } from './catalog/tool-records.js';
import type { EdgeConfidence } from './catalog/tool-records.js';
import type { Step } from './rank/graph-expansion.js';
import type { ToolTable } from './rank/tool-table.js';
import { type ToolProfile, termsMemo, toolProfile } from './rank/rerank.js';
import type { Bm25Index } from './text/bm25.js';

/** A table over an array. */
export function arrayTable<T>(items: readonly T[]): ToolTable<T> {
  return { size: items.length, get: (doc) => items[doc]! };
}

/** A table whose rows are made on first use and kept. */
function lazyTable<T>(size: number, make: (doc: number) => T): ToolTable<T> {
  const rows: (T | undefined)[] = new Array(size);
  return {
    size,
    get: (doc) => {
      let row = rows[doc];
      if (row === undefined) rows[doc] = row = make(doc);
      return row;
    },
  };
}

const RELATIONS: readonly Step['relation'][] = ['requires', 'precedes', 'relatedTo', 'nextStep', 'memberOf'];
const CONFIDENCES: readonly EdgeConfidence[] = ['extracted', 'inferred', 'ambiguous'];
const CLASSES: readonly (VerbClass | undefined)[] = [undefined, 'read', 'create', 'update', 'delete'];

/** Graph-expansion steps in compressed rows: tool i's steps are offsets[i] to offsets[i + 1]. */
export interface PackedSteps {
  offsets: Int32Array;
  to: Int32Array;
  /** relation × 6 + confidence × 2 + reverse. */
  kind: Uint8Array;
  /** Step i's weight is weights[weight[i]]: a catalog has few distinct weights (20 of 381,044 steps at 10,000 tools). */
  weights: Float64Array;
  weight: Uint16Array | Uint32Array;
}

export function packSteps(table: ToolTable<readonly Step[]>): PackedSteps {
  const offsets = new Int32Array(table.size + 1);
  let total = 0;
  for (let doc = 0; doc < table.size; doc += 1) {
    total += table.get(doc).length;
    offsets[doc + 1] = total;
  }
  const to = new Int32Array(total);
  const kind = new Uint8Array(total);
  const codes = new Map<number, number>();
  const of = new Uint32Array(total);
  for (let doc = 0, at = 0; doc < table.size; doc += 1) {
    for (const step of table.get(doc)) {
      to[at] = step.to;
      kind[at] = RELATIONS.indexOf(step.relation) * 6 + CONFIDENCES.indexOf(step.confidence) * 2 + (step.reverse ? 1 : 0);
      let code = codes.get(step.weight);
      if (code === undefined) codes.set(step.weight, (code = codes.size));
      of[at] = code;
      at += 1;
    }
  }
  // The same doubles come back (a table of them, not a rounding).
  return { offsets, to, kind, weights: Float64Array.from(codes.keys()), weight: codes.size <= 0x10000 ? Uint16Array.from(of) : of };
}

export function stepsTable(packed: PackedSteps): ToolTable<readonly Step[]> {
  return lazyTable(packed.offsets.length - 1, (doc) => {
    const out: Step[] = [];
    for (let at = packed.offsets[doc]!; at < packed.offsets[doc + 1]!; at += 1) {
      const k = packed.kind[at]!;
      out.push({
        to: packed.to[at]!,
        relation: RELATIONS[Math.floor(k / 6)]!,
        confidence: CONFIDENCES[Math.floor((k % 6) / 2)]!,
        reverse: k % 2 === 1,
        weight: packed.weights[packed.weight[at]!]!,
      });
    }
    return out;
  });
}

/** Each tool's action class (0 none, then read, create, update, delete): the part of a profile that needs the whole source. */
export function packActions(profiles: ToolTable<ToolProfile>): Uint8Array {
  const out = new Uint8Array(profiles.size);
  for (let doc = 0; doc < profiles.size; doc += 1) out[doc] = CLASSES.indexOf(profiles.get(doc).action);
  return out;
}

export function profilesTable(tools: readonly ToolRecord[], actions: Uint8Array, bm25: Bm25Index): ToolTable<ToolProfile> {
  const wordTerms = termsMemo();
  return lazyTable(tools.length, (doc) => toolProfile(tools[doc]!, splitIdentifier(tools[doc]!.name), CLASSES[actions[doc]!], bm25, wordTerms));
}
