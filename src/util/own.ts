// Lookups keyed by text from input (words, names, ids, prefixes, config keys) must never reach
// Object.prototype: `table["constructor"]` on a plain object is `Object`, `table["__proto__"]` is
// the prototype. Tables read with input keys are null-prototype objects or Maps; `own` reads any
// object safely.

/** A frozen null-prototype copy of `entries`: `table[key]` is undefined for every key it lacks. */
export function dict<T>(entries: Readonly<Record<string, T>>): Readonly<Record<string, T>> {
  const out = Object.create(null) as Record<string, T>;
  for (const key of Object.keys(entries)) out[key] = entries[key] as T;
  return Object.freeze(out);
}

/** An empty null-prototype record to fill with keys from input. */
export function emptyDict<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** `table[key]` when `key` is the table's own property, else undefined. */
export function own<T>(table: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return table !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Sets `record[key] = value` as an own enumerable property, even for `__proto__`. */
export function setOwn(record: object, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else (record as Record<string, unknown>)[key] = value;
}
