// Optimal string alignment distance (restricted Damerau–Levenshtein): insertions, deletions,
// substitutions and transpositions of two adjacent characters each cost one edit, so `lsit` is
// one edit from `list` (Levenshtein counts two). Bounded: the work stops as soon as the distance
// must exceed `bound`, so comparing a term with a whole vocabulary bucket stays cheap.

/** OSA distance between `a` and `b` (UTF-16 units), or `bound + 1` when it is larger than `bound`. */
export function osaDistance(a: string, b: string, bound = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > bound) return bound + 1;
  if (a === b) return 0;
  const n = b.length;
  let before = new Array<number>(n + 1).fill(0); // row i - 2
  let previous = Array.from({ length: n + 1 }, (_, j) => j); // row i - 1
  let current = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j += 1) {
      const cb = b.charCodeAt(j - 1);
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > bound) return bound + 1;
    [before, previous, current] = [previous, current, before];
  }
  const d = previous[n]!;
  return d > bound ? bound + 1 : d;
}
