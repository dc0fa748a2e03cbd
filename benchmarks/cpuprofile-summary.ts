/**
 * Summarises a .cpuprofile (from `node --cpu-prof` or the inspector): top self-time functions,
 * self time per package, and inclusive time of chosen functions.
 *
 *   tsx benchmarks/cpuprofile-summary.ts cold.cpuprofile [--top 25] [--inclusive name1,name2]
 */
import { readFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const args = process.argv.slice(2);
const file = args[0];
if (file === undefined) throw new Error('usage: cpuprofile-summary.ts <file.cpuprofile> [--top N] [--inclusive a,b]');
const top = Number(args[args.indexOf('--top') + 1] ?? 25) || 25;
const inclusiveNames = args.includes('--inclusive') ? (args[args.indexOf('--inclusive') + 1] ?? '').split(',') : [];

const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const where = (f: CallFrame): string => {
  const url = f.url.replace(/^file:\/\//, '');
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(url);
  if (nm !== null) return `${nm[1]}/${(nm[2] ?? '').split('/').slice(-1)[0]}:${f.lineNumber + 1}`;
  const src = /\/(src|benchmarks)\/(.*)$/.exec(url);
  if (src !== null) return `${src[1]}/${src[2]}:${f.lineNumber + 1}`;
  return url === '' ? '(native)' : `${url.split('/').slice(-1)[0]}:${f.lineNumber + 1}`;
};
const pkg = (f: CallFrame): string => {
  const url = f.url;
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (nm !== null) return nm[1] ?? '?';
  if (/\/src\//.test(url)) return `src/${/\/src\/([^/]+)/.exec(url)?.[1] ?? ''}`;
  if (url.startsWith('node:')) return 'node internals';
  if (url === '') return f.functionName.startsWith('(') ? f.functionName : 'native/builtin';
  return 'other';
};

const self = new Map<string, number>();
const selfPkg = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
for (let i = 0; i < profile.samples.length; i += 1) {
  const dt = profile.timeDeltas[i + 1] ?? 0; // delta i+1 is the time spent in sample i
  const node = byId.get(profile.samples[i] as number);
  if (node === undefined) continue;
  total += dt;
  const key = `${node.callFrame.functionName || '(anonymous)'}  ${where(node.callFrame)}`;
  self.set(key, (self.get(key) ?? 0) + dt);
  const p = pkg(node.callFrame);
  selfPkg.set(p, (selfPkg.get(p) ?? 0) + dt);
  if (inclusiveNames.length > 0) {
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const fn = byId.get(id)?.callFrame.functionName ?? '';
      if (inclusiveNames.includes(fn) && !seen.has(fn)) {
        seen.add(fn);
        inclusive.set(fn, (inclusive.get(fn) ?? 0) + dt);
      }
    }
  }
}
const pct = (v: number): string => `${((100 * v) / total).toFixed(1).padStart(5)}%`;
const ms = (v: number): string => `${(v / 1000).toFixed(0).padStart(6)} ms`;
const out: string[] = [`total sampled ${(total / 1000).toFixed(0)} ms`, '', 'top self time:'];
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) out.push(`${pct(v)} ${ms(v)}  ${k}`);
out.push('', 'self time by package:');
for (const [k, v] of [...selfPkg].sort((a, b) => b[1] - a[1]).slice(0, 15)) out.push(`${pct(v)} ${ms(v)}  ${k}`);
if (inclusiveNames.length > 0) {
  out.push('', 'inclusive time:');
  for (const name of inclusiveNames) out.push(`${pct(inclusive.get(name) ?? 0)} ${ms(inclusive.get(name) ?? 0)}  ${name}`);
}
process.stdout.write(`${out.join('\n')}\n`);
