// The tools closest to a name that matched none (get_tool_schema, call_tool): by edit distance,
// case-insensitive (a case-only difference first), against `<source>/<name>` when the reference
// names a source and against the bare name otherwise. The work is bounded: names over
// MAX_NAME_LENGTH are cut, at most MAX_CANDIDATES tools are compared.
import { distance } from 'fastest-levenshtein';

export const MAX_NAME_LENGTH = 200;
export const MAX_CANDIDATES = 20_000;

export interface NamedTool {
  id: string;
  source: string;
  name: string;
}

/**
 * The ids of the tools nearest to `ref` (`tool:<source>/<name>`, `<source>/<name>` or a bare
 * name), nearest first, at most `max`; a tool is near when at most 40 % of the name (at least 2
 * characters) differs (another source costs one edit), or when one name holds the other ("write" and write_file), ranked after
 * those by the difference of their lengths. Ties by id.
 */
export function closeNames(ref: string, tools: readonly NamedTool[], max = 5): string[] {
  const bare = (ref.startsWith('tool:') ? ref.slice(5) : ref).slice(0, MAX_NAME_LENGTH).toLowerCase();
  // `<source>/<name>`: the names are compared; another source (a typo, or a short name for it) costs one edit.
  const slash = bare.indexOf('/');
  const source = slash < 0 ? undefined : bare.slice(0, slash);
  const wanted = slash < 0 ? bare : bare.slice(slash + 1);
  const limit = Math.max(2, Math.ceil(wanted.length * 0.4));
  const scored: Array<{ id: string; d: number }> = [];
  const n = Math.min(tools.length, MAX_CANDIDATES);
  for (let i = 0; i < n; i += 1) {
    const t = tools[i]!;
    const name = t.name.toLowerCase();
    const apart = Math.abs(name.length - wanted.length);
    // The distance is at least the difference of the lengths: only a name holding the other can still be near.
    const d = (apart > limit ? Number.POSITIVE_INFINITY : distance(wanted, name)) + (source === undefined || source === t.source.toLowerCase() ? 0 : 1);
    if (d <= limit) scored.push({ id: t.id, d: d === 0 ? 0 : d + 0.5 });
    else if (wanted.length >= 3 && (name.includes(wanted) || wanted.includes(name)) && (source === undefined || t.source.toLowerCase() === source))
      scored.push({ id: t.id, d: MAX_NAME_LENGTH + apart });
  }
  scored.sort((a, b) => a.d - b.d || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return scored.slice(0, max).map((s) => s.id);
}
