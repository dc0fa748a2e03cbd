import { readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { check } from './diff.ts';
import { splitFrontMatter } from '../src/markdown-ld/parse.ts';
import { generateTools } from '../benchmarks/synthetic-tools.ts';
const files = execSync('find graphs -name "*.md"').toString().trim().split('\n');
const counts: Record<string, number> = {};
for (const f of files) { const y = splitFrontMatter(readFileSync(f, 'utf8')).yaml; if (y === undefined) { console.log('no fm', f); continue; } const r = check(y); counts[r.status] = (counts[r.status] ?? 0) + 1; if (r.status !== 'same') console.log(r.status, f, JSON.stringify(r.slow).slice(0, 200)); }
console.log('graphs', counts);
const c2: Record<string, number> = {};
for (const t of generateTools(10000)) { const y = splitFrontMatter(t.text).yaml!; const r = check(y); c2[r.status] = (c2[r.status] ?? 0) + 1; }
console.log('synthetic', c2);
