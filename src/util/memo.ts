/**
 * A pure function of one string with its results kept: field paths, schema names and path segments
 * repeat across thousands of operations, and each is split and normalized once. At most `max`
 * results are kept; past that the cache starts over (bounded memory on hostile input). Results are
 * shared between callers, so they must not be mutated (type them readonly).
 */
export function memoize<T>(fn: (key: string) => T, max = 50_000): (key: string) => T {
  const cache = new Map<string, T>();
  return (key: string): T => {
    const hit = cache.get(key);
    if (hit !== undefined || cache.has(key)) return hit as T;
    if (cache.size >= max) cache.clear();
    const value = fn(key);
    cache.set(key, value);
    return value;
  };
}
