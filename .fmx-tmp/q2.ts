import { check } from './diff.ts';
const pre = ['a:\n', 'a:\n  b:\n  ', 'x:\n  - y\na:\n'];
const items = ["- 'x' y: 1", '- "x"  y: 1', "- 'x' #c", "- [x] y: 1", "- [x]y: 1", "- {x: 1}y: 1", "- {x: 1} y: 1", "- k: 'x' y: 1", "- k: 'x'y: 1", "- k: [x] y: 1", "- - 'x' y: 1", "- 'x' y", "- x y: 1", "- 'x'\n  y: 1", "- 'x' - y", "- 'x' ]", "- [x] ]", "- 'x' , y: 1", "- |\n  x\n y: 1", "- k: v\n  y: 1", "- k: v\n y: 1", "- 'x' 'y'", "- \"x\" \"y\": 1", "- [a\n  ] b: 1", "- 'a\n  b' c: 1", "- >\n  x\n'y' z: 1"];
for (const p of pre) for (const i of items) { const c = p + i + '\n'; const r = check(c); console.log(r.status.padEnd(9), JSON.stringify(c).padEnd(40), 'slow=', JSON.stringify(r.slow)?.slice(0, 90), ' raw=', JSON.stringify(r.raw)); }
