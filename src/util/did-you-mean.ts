import { distance } from 'fastest-levenshtein';

/**
 * The known names closest to `name` by edit distance (case-insensitive; a case-only difference
 * ranks first), within 40 % of its length and at least 2 edits (the bound SPARQL term
 * suggestions use, src/sparql/schema-check.ts): those at the smallest distance, at most `max`.
 */
function closestNames(name: string, known: Iterable<string>, max = 3): string[] {
  const limit = Math.max(2, Math.ceil(name.length * 0.4));
  const scored: Array<{ text: string; d: number }> = [];
  for (const text of known) {
    if (text === name) continue;
    const d = distance(name.toLowerCase(), text.toLowerCase()) || 0.5;
    if (d <= limit) scored.push({ text, d });
  }
  scored.sort((a, b) => a.d - b.d || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  const best = scored[0]?.d;
  return scored
    .filter((s) => s.d === best)
    .slice(0, max)
    .map((s) => s.text);
}

/** ` (did you mean 'servers'?)`, or '' when no known name is close. `prefix` is put before each suggestion. */
export function didYouMean(name: string, known: Iterable<string>, prefix = ''): string {
  const names = closestNames(name, known);
  return names.length === 0 ? '' : ` (did you mean ${names.map((n) => `'${prefix}${n}'`).join(' or ')}?)`;
}
