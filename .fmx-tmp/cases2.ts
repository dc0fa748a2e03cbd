import { check } from './diff.ts';
const k = (n: number) => 'k'.repeat(n);
const esc = ['\\0','\\a','\\b','\\t','\\n','\\v','\\f','\\r','\\e','\\ ','\\"','\\/','\\\\','\\N','\\_','\\L','\\P','\\x41','\\u0041','\\U00000041','\\c',"\\'",'\\u00','\\U00110000','\\x4','\\uDC00','\\uD83D\\uDE00','\\U0001f600'];
const cases: string[] = [
  ...esc.map((e) => `a: "${e}"`),
  '{' + k(900) + '\n' + k(200) + ': 1}', 'a: {' + k(900) + '\n  ' + k(200) + ': 1}', 'a: [' + k(900) + '\n  ' + k(200) + ': 1]', 'a: {' + k(600) + '\n  ' + k(600) + ': 1}',
  'a: {' + k(50) + '\n  ' + k(50) + ': 1}', 'a: [' + k(50) + '\n  ' + k(50) + ': 1]', 'a: {b\n  c: 1}', 'a: [b\n  c: 1]',
  k(1000) + ': 1', k(1030) + ': 1', 'a' + ' '.repeat(1100) + ': 1', 'a: ' + k(2000), 'a: "' + k(2000) + '"', 'b: "' + k(2000) + '"\nc: 1', 'a: {' + k(1100) + ': 1}', 'a: [' + k(1100) + ': 1]', 'a: [' + k(1100) + ']', 'a: "x\n' + k(1100) + ': y"',
  'a: "' + 'x, '.repeat(400) + '"', '- ' + k(1100) + ': 1',
];
let diffs = 0, declined = 0;
for (const c of cases) { const r = check(c); if (r.status === 'declined') declined++; if (r.status === 'DIFF') diffs++; console.log(r.status.padEnd(9), JSON.stringify(c).slice(0, 50).padEnd(50), 'slow=', JSON.stringify(r.slow)?.slice(0, 110), r.status === 'DIFF' ? 'fast=' + JSON.stringify(r.fast).slice(0,100) : ' raw=' + JSON.stringify(r.raw)?.slice(0, 80)); }
console.log({ n: cases.length, diffs, declined });
