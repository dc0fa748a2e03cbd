/** Small helpers for reading untyped JSON (a parsed spec) safely: own properties only, no prototype lookups. */

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value[key]` when it is an own property (so `constructor` or `__proto__` never reach Object.prototype). */
export function own(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
  return (value as Json)[key];
}

export function ownString(value: unknown, key: string): string | undefined {
  const found = own(value, key);
  return typeof found === 'string' ? found : undefined;
}

export function ownObject(value: unknown, key: string): Json | undefined {
  const found = own(value, key);
  return isObject(found) ? found : undefined;
}

export function ownArray(value: unknown, key: string): unknown[] | undefined {
  const found = own(value, key);
  return Array.isArray(found) ? found : undefined;
}

/** The strings of an array, others dropped; duplicates dropped, order kept. */
export function stringList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((item): item is string => typeof item === 'string'))];
}

export { setOwn } from '../../util/own.js';

/** One JSON Pointer token, escaped (`~` → `~0`, `/` → `~1`). */
export function escapeToken(token: string): string {
  if (!token.includes('~') && !token.includes('/')) return token;
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** `at` extended by `tokens`, e.g. `pointer('#/paths', '/pets', 'get')` → `#/paths/~1pets/get`. */
export function pointer(at: string, ...tokens: string[]): string {
  return tokens.reduce((acc, token) => `${acc}/${escapeToken(token)}`, at);
}
