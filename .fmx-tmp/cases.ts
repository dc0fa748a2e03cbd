import { check } from './diff.ts';
const cases: string[] = [
 'a: -0', 'a: -0.0', 'a: +0', 'a: 0.1', 'a: 1.7976931348623157e308', 'a: 1e-400', 'a: -1e-400', 'a: +0x10', 'a: -0x10', 'a: 0X10', 'a: 0O10', 'a: +0o10', 'a: .', 'a: +.', 'a: -.', 'a: 1.', 'a: +', 'a: 1e', 'a: e3', 'a: .e3', 'a: 1.e3', 'a: .1e3', 'a: 1_0', 'a: 9007199254740993',
 'a: ' + '1'.repeat(400), 'a: ' + '1'.repeat(400) + '.5', 'a: 0x' + 'f'.repeat(300), 'a: 0o' + '7'.repeat(400), 'a: 1e308', 'a: 2e308',
 'null: a', 'Null: a', '~: a', ': a', '"null": a', "'': a", 'True: a', '.NaN: a', '-0: a', '1e3: a', '0o10: a', '1e400: a', '__proto__: {a: 1}', 'toString: x', 'hasOwnProperty: 1',
 'a: b:c', 'a: http://x.y/z?q=1#f', 'key with spaces: v', 'a: "\\/"', 'a: "\\e\\0\\a\\v\\ \\N\\_\\L\\P"', 'a: "\\U0001F600"', 'a: "\\ud83d\\ude00"', 'a: "\\uD800"', 'a: "\\x"',
 'a: |2\n   x\n', 'a: >-\n  x\n\n  y\n', 'a: >+\n  x\n\n', 'a: >\n  x\n    more\n  y\n', 'a: |\n\n  x\n', 'a: |\n  x\n\n\n', 'a: | # c\n  x\n', 'a: |\n  x  \n', 'a: >\n\n  x\n  \n  y\n', 'a: |\n    x\n  y\n',
 'a: x\n\n  y\n', 'a: x\n  # not comment\n', 'a: x # c\n  y\n', 'a: [1,\n2]', 'a: [1,\n  2]', 'a: {b: 1,\nc: 2}', 'a: "x\ny"', "a: 'x\ny'", 'a: x\ny', 'a:\n b: 1\n  c: 2', 'a:\n  b: 1\n c: 2',
 'a: ' + 'k'.repeat(1100), 'k'.repeat(1100) + ': 1', '"' + 'k'.repeat(1100) + '": 1', 'a: "x"#c', 'a: "x" #c', "a: 'x'#c", 'a: 1#c', '{a: 1}', '[a, b]',
 'a: [a, b,]', 'a: {b: 1,}', 'a: [a,,b]', 'a: {b: 1, b: 2}', 'a: [a: 1]', 'a: {"b":1}', 'a: {b:1}', 'a: [b:1]', 'a: {"b":c}', 'a: {b: }', 'a: { , }', 'a: [ , ]', 'a: {b: [c, {d: e}]}', 'a: {b, c}', 'a: [b, c: d]',
 'a: 1\r\nb: 2\r\n', 'a: |\r\n  x\r\n  y\r\n', 'a: 1\rb: 2', 'a: x\u0085y', 'a: x\u2028y', 'a: x\u0001y', 'a: "x\u0001y"', 'a: x\u007fy', 'a: x\ufeffy', '\ufeffa: 1', 'a: x\ufffey', 'a: x\ud800y', 'a: x\u00a0y', 'a:\u00a0x', 'a: "x\u0085y"',
 'a: 1\n--- \nb: 2', 'a: 1\n...\nb: 2', 'a: 1\n... # c\n', '--- a: 1', 'a: ---', 'a: ...', 'a:\n  - ---',
 'a: 1\n  ', '  a: 1\n  b: 2', '  a: 1\nb: 2', 'a:    \n  b', 'a:\n  b\n  c', 'a:\n- b\n  - c', 'a:\n  -\n  - b', 'a:\n  - - b\n    - c', '- a: 1\n  b: 2',
 'a: "multi\n  line\n\n  para"', "a: 'multi\n\n\n  x'", 'a: "trail \\\n  x"', 'a: "x \n  y"', 'a: x  \n  y  ', 'a: -1', 'a: - 1', 'a: -x', 'a: :x', 'a: x:', 'a: x: ', 'a: ,x', 'a: x,y', 'a: [x y]', 'a: {x y: 1}', 'a: "a" : b',
 'a: %x', 'a: @', 'a: |x', 'a: >x', 'a: [', 'a: ]', 'a: }', 'a: #', 'a: "#"', 'a:#', 'a:b', 'a :1', 'a  : 1', '"a":1', "'a':1", '"a" : 1', 'a: b\n"c": d', 'é: ü\n日本: 語', 'a: "😀"', '😀: 1', 'a: \\', 'a: "\\\\"', "a: '\\'",
 'a: yes\nb: no\nc: on\nd: off\ne: y\nf: n', 'a: 2024-01-01\nb: 2024-01-01 10:00:00\nc: 12:30:00\nd: 1:30', 'a: 0.5.1\nb: 1.2.3\nc: v1', 'a: Infinity\nb: NaN\nc: -Infinity', 'a: .INF\nb: .NAN\nc: +.Inf\nd: .inF',
];
let diffs = 0, declined = 0;
for (const c of cases) { const r = check(c); if (r.status === 'declined') declined++; if (r.status !== 'same') { if (r.status === 'DIFF') diffs++; console.log(r.status.padEnd(9), JSON.stringify(c).slice(0, 60).padEnd(60), 'slow=', JSON.stringify(r.slow)?.slice(0, 120), r.status === 'DIFF' ? 'fast=' + JSON.stringify(r.fast) : ' raw=' + JSON.stringify(r.raw, (k, x) => typeof x === 'number' && !Number.isFinite(x) ? String(x) : x)?.slice(0, 100)); } }
console.log({ n: cases.length, diffs, declined });
