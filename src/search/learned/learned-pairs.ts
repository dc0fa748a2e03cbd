// The learned pairs an index uses: the records of the graph (pair-records.ts) less those expired,
// stale or gone (each reported), matched against a request by their terms. Tool search fuses the
// matches of tool targets as the `pairs` source; code search can use `match` the same way for
// symbol targets (docs/learned-pairs.md, "For code search").
import type { Diagnostic } from '../../errors.js';
import { osaDistance } from '../text/edit-distance.js';
import { maxDistance } from '../text/fuzzy.js';
import { terms } from '../text/tokenize.js';
import type { PairRecord } from './pair-records.js';

/** Days a pair is used after it was learned, unless the config says otherwise (`learned.ttl_days`). */
export const DEFAULT_TTL_DAYS = 30;
const DAY_MS = 86_400_000;
/** A fuzzy word match (a typo of the pair's word) counts this much of an exact one, less its edit share. */
const FUZZY_WEIGHT = 0.8;
/** A term of three words or more matches when this share of its words is in the request; shorter terms need every word. */
const LONG_TERM_SHARE = 0.6;

export interface LearnedMatch {
  /** The target's IRI and compact id. */
  target: string;
  targetId: string;
  /** How well the pair's term matches the request, in (0, 1]. */
  weight: number;
  /** `exact`: every word of the term is in the request as written (after stemming); `fuzzy`: some only as typos. */
  how: 'exact' | 'fuzzy';
  pair: PairRecord;
}

export interface LearnedPairsOptions {
  /** Days a pair is used (default 30). */
  ttlDays?: number;
  /** The time to expire pairs against (default now). */
  now?: Date;
}

export class LearnedPairs {
  /** The pairs in use. */
  readonly active: readonly PairRecord[];
  /** Why the others are not (MDKG_PAIR_EXPIRED, MDKG_PAIR_STALE, MDKG_PAIR_TARGET_UNKNOWN). */
  readonly diagnostics: readonly Diagnostic[];
  readonly #terms: readonly (readonly string[])[];

  constructor(records: readonly PairRecord[], options: LearnedPairsOptions = {}) {
    const ttl = options.ttlDays ?? DEFAULT_TTL_DAYS;
    const now = (options.now ?? new Date()).getTime();
    const active: PairRecord[] = [];
    const diagnostics: Diagnostic[] = [];
    for (const r of records) {
      const where = r.path === undefined ? {} : { file: r.path, line: 1 };
      const name = `learned pair '${r.term}' -> ${r.targetId}`;
      if (r.status === 'missing') {
        diagnostics.push({
          code: 'MDKG_PAIR_TARGET_UNKNOWN',
          severity: 'warning',
          message: `${name} is not used: the target is no longer in the graph`,
          ...where,
        });
      } else if (r.status === 'stale') {
        diagnostics.push({
          code: 'MDKG_PAIR_STALE',
          severity: 'warning',
          message: `${name} is not used: the target changed since ${r.learnedAt} (hash ${r.targetHash.slice(0, 19)}… is now ${(r.currentHash ?? '').slice(0, 19)}…)`,
          ...where,
        });
      } else if (now - Date.parse(r.learnedAt) > ttl * DAY_MS) {
        diagnostics.push({
          code: 'MDKG_PAIR_EXPIRED',
          severity: 'warning',
          message: `${name} is not used: learned ${r.learnedAt}, older than ${ttl} days`,
          ...where,
        });
      } else active.push(r);
    }
    this.active = active;
    this.diagnostics = diagnostics;
    this.#terms = active.map((r) => [...new Set(terms(r.term))]);
  }

  get size(): number {
    return this.active.length;
  }

  /**
   * The pairs whose term is in the request, best first, one per target: every word of the term (a
   * term of three words or more: 60 % of them) is a word of the request, exactly or as a typo. The
   * weight is the share of the term's words found (a typo counts less) times how much of the
   * request the term covers (a pair that says the whole request outweighs one that says a word).
   */
  match(request: string, kind?: PairRecord['targetKind']): LearnedMatch[] {
    const words = [...new Set(terms(request))];
    if (words.length === 0) return [];
    const set = new Set(words);
    const best = new Map<string, LearnedMatch>();
    this.active.forEach((pair, i) => {
      if (kind !== undefined && pair.targetKind !== kind) return;
      const own = this.#terms[i]!;
      if (own.length === 0) return;
      let found = 0;
      let quality = 0;
      let fuzzy = false;
      for (const t of own) {
        if (set.has(t)) {
          found += 1;
          quality += 1;
          continue;
        }
        const bound = maxDistance(t.length);
        if (bound === 0) continue;
        let d = bound + 1;
        for (const w of words) d = Math.min(d, osaDistance(t, w, bound));
        if (d <= bound) {
          found += 1;
          quality += FUZZY_WEIGHT * (1 - d / t.length);
          fuzzy = true;
        }
      }
      const share = found / own.length;
      if (share < (own.length >= 3 ? LONG_TERM_SHARE : 1)) return;
      const weight = round((quality / own.length) * (0.5 + 0.5 * Math.min(1, found / words.length)));
      const prior = best.get(pair.target);
      if (prior !== undefined && (prior.weight > weight || (prior.weight === weight && prior.pair.iri <= pair.iri))) return;
      best.set(pair.target, { target: pair.target, targetId: pair.targetId, weight, how: fuzzy ? 'fuzzy' : 'exact', pair });
    });
    return [...best.values()].sort((a, b) => b.weight - a.weight || (a.targetId < b.targetId ? -1 : a.targetId > b.targetId ? 1 : 0));
  }
}

const round = (x: number): number => Math.round(x * 1e4) / 1e4;

/** The matches of a request among the pairs (`pairs.match`), for callers that hold only the pairs: code search plugs in here. */
export function matchLearnedPairs(pairs: LearnedPairs, request: string, kind?: PairRecord['targetKind']): LearnedMatch[] {
  return pairs.match(request, kind);
}
