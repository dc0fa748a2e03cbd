// Compares two `mdkg bench --json` reports query by query: which top-10 lists changed, and how the
// first relevant rank moved. Run: `npx tsx benchmarks/compare-reports.ts before.json after.json`.
// Prints query ids and ranks only (never the dataset's query text), then a count per dataset.
import { readFile } from 'node:fs/promises';

interface Hit {
  id: string;
  relevant: boolean;
}
interface QueryRecord {
  id: string;
  hits: Hit[];
}
interface Report {
  datasets: Array<{ name: string; runs: Array<{ strategy: string; queries: QueryRecord[] }> }>;
}

const [beforeFile, afterFile] = process.argv.slice(2);
if (beforeFile === undefined || afterFile === undefined) throw new Error('usage: compare-reports.ts <before.json> <after.json>');
const read = async (file: string): Promise<Report> => JSON.parse(await readFile(file, 'utf8')) as Report;
const [before, after] = await Promise.all([read(beforeFile), read(afterFile)]);

const key = (dataset: string, strategy: string, id: string): string => `${dataset}\t${strategy}\t${id}`;
const lists = new Map<string, Hit[]>();
for (const d of before.datasets) for (const r of d.runs) for (const q of r.queries) lists.set(key(d.name, r.strategy, q.id), q.hits);

/** Rank of the first relevant hit, 1-based; `-` when none in the list. */
const firstRelevant = (hits: readonly Hit[]): string => {
  const i = hits.findIndex((h) => h.relevant);
  return i < 0 ? '-' : String(i + 1);
};

let changed = 0;
let total = 0;
const perSet = new Map<string, { changed: number; better: number; worse: number }>();
for (const d of after.datasets) {
  for (const r of d.runs) {
    for (const q of r.queries) {
      total += 1;
      const old = lists.get(key(d.name, r.strategy, q.id));
      const same = old !== undefined && old.length === q.hits.length && old.every((h, i) => h.id === q.hits[i]!.id);
      if (same) continue;
      changed += 1;
      const counts = perSet.get(d.name) ?? { changed: 0, better: 0, worse: 0 };
      counts.changed += 1;
      const a = old === undefined ? '-' : firstRelevant(old);
      const b = firstRelevant(q.hits);
      const num = (s: string): number => (s === '-' ? 99 : Number(s));
      if (num(b) < num(a)) counts.better += 1;
      if (num(b) > num(a)) counts.worse += 1;
      perSet.set(d.name, counts);
      console.log(
        `${d.name}\t${r.strategy}\t${q.id}\tfirst relevant ${a} -> ${b}\ttop-3 ${(old ?? [])
          .slice(0, 3)
          .map((h) => h.id)
          .join(' ')} -> ${q.hits
          .slice(0, 3)
          .map((h) => h.id)
          .join(' ')}`,
      );
    }
  }
}
console.log(`\n${changed} of ${total} top-10 lists changed`);
for (const [name, c] of perSet) console.log(`${name}: ${c.changed} changed, first relevant hit better in ${c.better}, worse in ${c.worse}`);
