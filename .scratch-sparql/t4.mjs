import { QueryEngine } from '@comunica/query-sparql';
import { Store, DataFactory } from 'n3';
const { namedNode: nn, literal, quad } = DataFactory;
const store = new Store();
for (let i = 0; i < 3000; i++) store.addQuad(quad(nn('http://ex/s' + i), nn('http://ex/p' + (i % 7)), literal('v' + i), nn('http://g/' + (i % 10))));
const engine = new QueryEngine();
const t0 = Date.now();
const q = process.argv[2] ?? 'SELECT (COUNT(*) AS ?n) WHERE { ?a ?p ?o . ?b ?q ?r . ?c ?s ?t }';
const stream = await engine.queryBindings(q, { sources: [store], unionDefaultGraph: true });
console.log('query() took', Date.now() - t0);
let timer;
const res = await Promise.race([
  stream.toArray().then(a => 'done ' + a.length),
  new Promise(r => { timer = setTimeout(() => r('timeout'), 50); }),
]);
console.log(res, Date.now() - t0);
stream.destroy();
const cpu0 = process.cpuUsage();
await new Promise(r => setTimeout(r, 1000));
const cpu = process.cpuUsage(cpu0);
console.log('cpu during 1s after destroy (ms)', (cpu.user + cpu.system) / 1000);
