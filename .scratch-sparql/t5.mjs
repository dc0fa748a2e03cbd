import { QueryEngine } from '@comunica/query-sparql';
import { Store, DataFactory } from 'n3';
import { Readable } from 'node:stream';
const { namedNode: nn, literal, quad } = DataFactory;
const store = new Store();
for (let i = 0; i < 3000; i++) store.addQuad(quad(nn('http://ex/s' + i), nn('http://ex/p' + (i % 7)), literal('v' + i), nn('http://g/' + (i % 10))));
const engine = new QueryEngine();
const ac = new AbortController();
let calls = 0;
const source = {
  match(s, p, o, g) {
    calls++;
    if (ac.signal.aborted) { const r = new Readable({ objectMode: true, read() {} }); process.nextTick(() => r.destroy(new Error('aborted'))); return r; }
    const inner = store.match(s, p, o, g);
    const onAbort = () => inner.destroy(new Error('aborted'));
    ac.signal.addEventListener('abort', onAbort, { once: true });
    inner.on('close', () => ac.signal.removeEventListener('abort', onAbort));
    return inner;
  },
  countQuads: (s, p, o, g) => store.countQuads(s, p, o, g),
};
const t0 = Date.now();
const q = process.argv[2] ?? 'SELECT (COUNT(*) AS ?n) WHERE { ?a ?p ?o . ?b ?q ?r . ?c ?s ?t }';
const stream = await engine.queryBindings(q, { sources: [source], unionDefaultGraph: true });
stream.on('error', e => console.log('stream error', e.message));
let timer;
const res = await Promise.race([
  stream.toArray().then(a => 'done ' + a.length, e => 'err ' + e.message),
  new Promise(r => { timer = setTimeout(() => r('timeout'), 50); }),
]);
console.log(res, Date.now() - t0, 'match calls', calls);
ac.abort();
stream.destroy();
const cpu0 = process.cpuUsage();
await new Promise(r => setTimeout(r, 1000));
const cpu = process.cpuUsage(cpu0);
console.log('cpu during 1s after destroy (ms)', (cpu.user + cpu.system) / 1000, 'match calls', calls);
