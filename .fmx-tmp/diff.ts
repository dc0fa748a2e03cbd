import { parseFrontMatterFast, parseFrontMatterSlow } from '/work/main/src/markdown-ld/front-matter.ts';
import { load, CORE_SCHEMA } from 'js-yaml';
export function same(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' || typeof b === 'number') return Object.is(a, b);
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (Array.isArray(a)) { const bb = b as unknown[]; return a.length === bb.length && a.every((x, i) => same(x, bb[i])); }
  const ka = Reflect.ownKeys(a), kb = Reflect.ownKeys(b);
  if (JSON.stringify(ka.map(String)) !== JSON.stringify(kb.map(String))) return false;
  return ka.every((k) => same((a as any)[k], (b as any)[k]));
}
export function check(text: string): { status: 'same' | 'declined' | 'DIFF'; slow: unknown; fast: unknown; raw?: unknown } {
  const slow = parseFrontMatterSlow(text, 'x.md', 2);
  const fast = parseFrontMatterFast(text);
  let raw: unknown; try { raw = load(text, { schema: CORE_SCHEMA, json: false }); } catch (e) { raw = 'THROW ' + (e as Error).message.split('\n')[0]; }
  if (fast === undefined) return { status: 'declined', slow: slow.value ?? slow.diagnostics.map((d) => d.message), fast, raw };
  return { status: same(fast, slow.value) ? 'same' : 'DIFF', slow: slow.value ?? slow.diagnostics.map((d) => d.message), fast, raw };
}
