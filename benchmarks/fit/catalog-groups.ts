// Datasets that share a catalog cannot be held out from each other: the same tools (and often
// the same requests) would be in the training data. Two datasets are in one group when they name a
// common catalog file, share a tool (`source/name`), or share a request; groups are the connected
// components, each listed by sorted dataset name.
import type { FitDataset } from './datasets.js';

const overlaps = <T>(a: Iterable<T>, b: ReadonlySet<T>): boolean => {
  for (const x of a) if (b.has(x)) return true;
  return false;
};

const requestKey = (q: string): string => q.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

export function catalogGroups(sets: readonly FitDataset[]): string[][] {
  const parent = sets.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const files = sets.map((d) => new Set(d.catalogFiles));
  const requests = sets.map((d) => new Set(d.queries.map((q) => requestKey(q.query))));
  for (let i = 0; i < sets.length; i++) {
    for (let j = i + 1; j < sets.length; j++) {
      const a = sets[i]!;
      const b = sets[j]!;
      if (overlaps(a.catalogFiles, files[j]!) || overlaps(a.toolKeys, b.toolKeys) || overlaps(requests[i]!, requests[j]!)) parent[find(j)] = find(i);
    }
  }
  const groups = new Map<number, string[]>();
  sets.forEach((d, i) => {
    groups.set(find(i), [...(groups.get(find(i)) ?? []), d.name]);
  });
  return [...groups.values()].map((g) => g.sort()).sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}

/**
 * The foreign catalog of query `i` of a dataset, for cross-catalog negatives: every other group in
 * turn (query i goes to the i-th group after its own, skipping its own), the first dataset of that
 * group; one per query, so the negatives are as many as the requests and as varied as the catalogs.
 * None for a test split, or with a single group.
 */
export function foreignCatalog(groups: readonly string[][], d: Pick<FitDataset, 'name' | 'split'>, i: number): string | undefined {
  if (groups.length < 2 || d.split === 'test') return undefined;
  const own = groups.findIndex((g) => g.includes(d.name));
  const step = 1 + (i % (groups.length - 1));
  return groups[(Math.max(0, own) + step) % groups.length]?.[0];
}
