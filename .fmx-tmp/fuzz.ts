import { check } from './diff.ts';
import { prng } from '../benchmarks/synthetic-tools.ts';
const seed = Number(process.argv[2] ?? 1), N = Number(process.argv[3] ?? 20000);
const r = prng(seed);
const pick = <T>(a: readonly T[]): T => a[Math.floor(r() * a.length)] as T;
const SCAL = ['1', '-1', '+1', '0', '-0', '0.0', '-0.0', '1.5', '.5', '1.', '1e3', '1E-3', '+.5', '0x1F', '0o17', '017', '0b1', '1_000', '.inf', '-.inf', '.nan', '.NaN', 'NaN', 'Infinity', 'true', 'True', 'TRUE', 'false', 'yes', 'no', 'on', 'off', 'y', 'n', 'null', 'Null', '~', '', '2024-01-01', '2024-01-01T10:00:00Z', '12:30', '1:2:3', 'v1.2', '1.2.3', 'abc', 'hello world', 'tool:github/get_file', 'http://x.y/z?a=1#f', 'a:b', 'a-b', '-a', '.a', 'é', '日本', '😀', 'x#y', 'R&D', 'a!', 'a*b', 'it\'s', 'say "hi"', 'C:\\Users\\x', '100%', '@x', '`x`', 'a, b', '[x]', '{x}', '"q"', "'q'", '"a\\tb"', '"\\u00e9\\x41\\N"', '"\\U0001F600"', '"a\\\\b"', "'a''b'", '"x: y"', "'x # y'", '""', "''", '"null"', '"1"', '" lead"', '-', '?', ':', '#c', '|', '>', '...', '---', '0x', '0o8', '+0x1', '1e', '.e1', '+', '.', '0.1e+2', '123456789012345678901234567890', '0xFFFFFFFFFFFFFFFFFFFF', '.Inf', '+.inf', '.INF', '.NAN', '.nAn'];
const KEYS = ['a', 'b', 'id', 'title', 'key with space', '1', '1.0', '0x10', 'true', 'null', '~', '"null"', '""', "''", '"a"', "'b'", '"a:b"', 'é', '日本', '__proto__', 'constructor', 'toString', '-k', '.k', 'k.k', 'k/k', '"quoted key"', 'a', 'b', 'c', 'd', 'e'];
const ws = () => pick(['', '', '', ' ', '  ']);
function flow(d: number): string {
  if (d > 2 || r() < 0.5) return pick(SCAL.filter((s) => !/^[-?:#|>\[\]{}@`%,]/.test(s) || s.startsWith('"') || s.startsWith("'")));
  const n = Math.floor(r() * 4);
  const items = Array.from({ length: n }, () => (r() < 0.3 ? `${pick(KEYS)}:${pick([' ', ' ', ''])}${flow(d + 1)}` : flow(d + 1)));
  const sep = pick([', ', ',', ' , ', ',\n    ']);
  return r() < 0.5 ? `[${ws()}${items.join(sep)}${pick(['', '', ','])}${ws()}]` : `{${ws()}${items.map((x) => (x.includes(':') ? x : x)).join(sep)}${pick(['', '', ','])}${ws()}}`;
}
function block(indent: number, d: number): string {
  const pad = ' '.repeat(indent);
  const lines: string[] = [];
  const n = 1 + Math.floor(r() * 4);
  for (let i = 0; i < n; i++) {
    const key = pick(KEYS);
    const kind = r();
    if (kind < 0.45) lines.push(`${pad}${key}:${pick([' ', ' ', '  '])}${pick(SCAL)}${r() < 0.1 ? ' # c' : ''}`);
    else if (kind < 0.6) lines.push(`${pad}${key}: ${flow(0)}`);
    else if (kind < 0.7 && d < 3) lines.push(`${pad}${key}:\n${block(indent + pick([1, 2, 4]), d + 1)}`);
    else if (kind < 0.8 && d < 3) { const si = indent + pick([0, 2]); lines.push(`${pad}${key}:`); for (let j = 0; j < 1 + r() * 3; j++) lines.push(`${' '.repeat(si)}- ${r() < 0.7 ? pick(SCAL) : flow(0)}`); }
    else if (kind < 0.9) { const h = pick(['|', '>', '|-', '>-', '|+', '>+', '|2', '>1', '| # c']); lines.push(`${pad}${key}: ${h}`); const ci = indent + pick([1, 2, 3]); for (let j = 0; j < 1 + r() * 4; j++) lines.push(r() < 0.2 ? pick(['', ' '.repeat(ci + 2)]) : ' '.repeat(ci + (r() < 0.2 ? 2 : 0)) + pick(['text', 'more text', '  x', '# not', 'a: b', '- c', 'trail  ', '"q"'])); }
    else { const q = pick(['"', "'", '']); lines.push(`${pad}${key}: ${q}line one`); for (let j = 0; j < 1 + r() * 2; j++) lines.push(r() < 0.3 ? '' : `${' '.repeat(indent + pick([1, 2]))}${pick(['next', 'x: y', '# c', 'z \\', 'w\\n'])}`); lines[lines.length - 1] += q; }
  }
  return lines.join('\n');
}
const MUT = [':', ' ', '\n', '-', '#', "'", '"', '[', ']', '{', '}', ',', '|', '>', '\\', '1', 'a', '\r\n', 'é', '  ', '- ', ': ', '.', '0', '\u2028', '\u0085', '\u00a0', '\ufeff'];
function mutate(s: string): string {
  const k = Math.floor(r() * 3);
  for (let i = 0; i < k; i++) { const p = Math.floor(r() * (s.length + 1)); const op = r(); s = op < 0.5 ? s.slice(0, p) + pick(MUT) + s.slice(p) : op < 0.8 ? s.slice(0, p) + s.slice(p + 1) : s.slice(0, p) + s.slice(p, p + 5).split('').reverse().join('') + s.slice(p + 5); }
  return s;
}
let same = 0, declined = 0, diff = 0;
const seen = new Set<string>();
for (let i = 0; i < N; i++) {
  let t = block(pick([0, 0, 0, 2]), 0) + pick(['\n', '\n', '\n\n', '\n# end\n']);
  if (r() < 0.5) t = mutate(t);
  if (!t.endsWith('\n')) t += '\n';
  if (r() < 0.1) t = t.replace(/\n/g, '\r\n');
  const res = check(t);
  if (res.status === 'same') same++; else if (res.status === 'declined') declined++; else { diff++; const key = JSON.stringify(t); if (!seen.has(key) && seen.size < 30) { seen.add(key); console.log('DIFF', key, '\n  slow=', JSON.stringify(res.slow), '\n  fast=', JSON.stringify(res.fast)); } }
}
console.log({ seed, N, same, declined, diff });
