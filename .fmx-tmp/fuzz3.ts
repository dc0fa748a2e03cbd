import { check } from './diff.ts';
import { prng } from '../benchmarks/synthetic-tools.ts';
import { stringify } from 'yaml';
import { dump } from 'js-yaml';
const seed = Number(process.argv[2] ?? 1), N = Number(process.argv[3] ?? 20000);
const r = prng(seed);
const pick = <T>(a: readonly T[]): T => a[Math.floor(r() * a.length)] as T;
const WORDS = ['a', 'word', 'Hello', 'x:y', 'a: b', '#x', ' # y', "it's", 'say "hi"', 'C:\\dir', 'é', '日本語', '😀', '-', '- x', '?', '[a]', '{b}', ',', 'null', 'true', 'yes', '1', '0x10', '1e3', '.inf', '2024-01-01', '~', '', ' ', '  ', '\n', '\n\n', '\t', 'trailing ', ' leading', '|', '>', '%', '@', '`', '!', '&', '*', '\\', '\\n', '"', "'", 'R&D', '100%', 'https://x.y/z?q=1#f', 'tool:github/get_file', 'end.'];
function str(): string { const n = Math.floor(r() * 8); let s = ''; for (let i = 0; i < n; i++) s += (i && r() < 0.7 ? ' ' : '') + pick(WORDS); return s; }
function num(): number { return pick([0, 1, -1, 42, 3.14, -0.5, 1e21, 1e-7, 123456789, 2 ** 53, 0.1 + 0.2, -0]); }
function val(d: number): unknown {
  const k = r();
  if (d > 3 || k < 0.5) return pick([str, str, str, num, () => r() < 0.5, () => null])();
  if (k < 0.75) return Array.from({ length: Math.floor(r() * 4) }, () => val(d + 1));
  const o: Record<string, unknown> = {}; for (let i = 0; i < Math.floor(r() * 5); i++) o[r() < 0.8 ? pick(['id', 'title', 'a', 'b', 'key x', 'é', 'n1', '1', 'x-y', 'null', 'true', '']) + (r() < 0.3 ? String(i) : '') : str()] = val(d + 1); return o;
}
let same = 0, declined = 0, diff = 0, n = 0; const seen = new Set<string>();
for (let i = 0; i < N; i++) {
  const v: Record<string, unknown> = {}; for (let j = 0; j < 1 + Math.floor(r() * 6); j++) v[pick(['id', 'title', 'summary', 'tags', 'a', 'b', 'c', 'x y']) + j] = val(0);
  let t: string;
  try {
    t = r() < 0.5
      ? stringify(v, { lineWidth: pick([0, 20, 40, 80]), minContentWidth: pick([0, 10, 20]), defaultStringType: pick(['PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE', 'BLOCK_LITERAL', 'BLOCK_FOLDED'] as const), defaultKeyType: pick([null, 'PLAIN', 'QUOTE_DOUBLE'] as const), collectionStyle: pick(['any', 'block', 'flow'] as const), indentSeq: r() < 0.5, indent: pick([1, 2, 4]), doubleQuotedAsJSON: r() < 0.3, singleQuote: pick([null, true, false]) })
      : dump(v, { lineWidth: pick([-1, 20, 40, 80]), flowLevel: pick([-1, 0, 1, 2]), indent: pick([1, 2, 4]), noArrayIndent: r() < 0.5, quotingType: pick(['"', "'"] as const), forceQuotes: r() < 0.2, noCompatMode: r() < 0.5 } as never);
  } catch { continue; }
  if (process.argv[4] === 'm') { const MUT = [':', ' ', '\n', '-', '#', "'", '"', '[', ']', '{', '}', ',', '|', '>', '\\', '1', 'a', '\r\n', '  ', '- ', ': ', '.', '\n  ', '\n- ', ' #']; for (let q = 0; q < 1 + Math.floor(r() * 3); q++) { const p = Math.floor(r() * (t.length + 1)); const op = r(); t = op < 0.5 ? t.slice(0, p) + pick(MUT) + t.slice(p) : op < 0.8 ? t.slice(0, p) + t.slice(p + 1 + Math.floor(r() * 3)) : t.slice(0, p) + t.slice(p, p + 4).split('').reverse().join('') + t.slice(p + 4); } }
  if (!t.endsWith('\n')) t += '\n';
  n++;
  const res = check(t);
  if (res.status === 'same') same++; else if (res.status === 'declined') declined++; else { diff++; const key = JSON.stringify(t); if (!seen.has(key) && seen.size < 15) { seen.add(key); console.log('DIFF', key.replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0')), '\n  slow=', JSON.stringify(res.slow), '\n  fast=', JSON.stringify(res.fast)); } }
}
console.log({ seed, n, same, declined, diff });
