import { parseFrontMatterFast } from '../src/markdown-ld/front-matter.ts';
const t = "a: #c\n- 'q' , 'q': \n";
console.log(JSON.stringify(t), parseFrontMatterFast(t));
const re = /^ *(?:- +)+(?:"(?:[^"\\]|\\[^])*"|'(?=((?:[^']|'')*))\1')(?: *[^\s:#]|#)/m;
console.log(re.test(t), re.exec(t));
