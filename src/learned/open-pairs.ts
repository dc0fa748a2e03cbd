// The learned pairs of a loaded graph with the config's TTL, for the tools that read them outside a
// search index (validate_symbol_relevance, and code search when it plugs in: docs/learned-pairs.md).
import type { MdkgConfig } from '../config.js';
import type { Diagnostic } from '../errors.js';
import type { QuadStore } from '../rdf/quad-store.js';
import { LearnedPairs } from '../search/learned/learned-pairs.js';
import { readPairRecords } from '../search/learned/pair-records.js';

export function openLearnedPairs(store: QuadStore, config: MdkgConfig, now?: Date): { pairs: LearnedPairs; diagnostics: Diagnostic[] } {
  const { records, diagnostics } = readPairRecords(store);
  const ttl = config.learned?.ttl_days;
  const pairs = new LearnedPairs(records, { ...(ttl === undefined ? {} : { ttlDays: ttl }), ...(now === undefined ? {} : { now }) });
  return { pairs, diagnostics: [...diagnostics, ...pairs.diagnostics] };
}
