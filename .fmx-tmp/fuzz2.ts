import { check } from './diff.ts';
import { prng } from '../benchmarks/synthetic-tools.ts';
const seed = Number(process.argv[2] ?? 1), N = Number(process.argv[3] ?? 100000);
const r = prng(seed);
const A0 = ['a', 'b', '1', '0', '.', ':', ': ', ' ', ' ', '  ', '\n', '\n', '\n  ', '\n- ', '- ', '-', '"', "'", '[', ']', '{', '}', ',', ', ', '#', ' #', '|', '>', '|-', '>+', 'e', 'x', 'null', '~', 'true', '\\', '\\n', 'é', '0x1', '+', '?', '\r\n', '...', '---'];
const A1 = ['k', 'v', ': ', ':', '\n', '\n ', '\n  ', '\n   ', '- ', '"q"', "'q'", '[', ']', '{', '}', ', ', '|', '>', '|+', '>-', '#c', ' #c', '\u2028', '\u0085', '\u00a0', '\ufeff', '"', "'", '\\', ' ', '1', '.5', '-1', '0o7', 'Null', 'TRUE', '.NaN', '\n\n', 'k: ', '\n- ', '\n  - ', '\n  k: '];
const A = process.argv[4] === '1' ? A1 : A0;
let same = 0, declined = 0, diff = 0; const seen = new Set<string>();
for (let i = 0; i < N; i++) {
  let t = r() < 0.7 ? 'a: ' : '';
  const n = 2 + Math.floor(r() * 14);
  for (let j = 0; j < n; j++) t += A[Math.floor(r() * A.length)];
  t += '\n';
  const res = check(t);
  if (res.status === 'same') same++; else if (res.status === 'declined') declined++; else { diff++; const key = JSON.stringify(t); if (!seen.has(key) && seen.size < 40) { seen.add(key); console.log('DIFF', key.replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0')), ' slow=', JSON.stringify(res.slow), ' fast=', JSON.stringify(res.fast)); } }
}
console.log({ seed, N, same, declined, diff });
