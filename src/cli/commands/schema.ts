import { parseArgs } from 'node:util';
import { compactIri } from '../../rdf/namespaces.js';
import { renderTable } from '../../util/table.js';
import { GRAPH_OPTIONS, openGraph, reportLoadProblems } from '../context.js';
import { EXIT, type CliIo } from '../io.js';

export async function schemaCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({ args, options: { ...GRAPH_OPTIONS, json: { type: 'boolean' } } });
  const { kg } = await openGraph(io, values);
  reportLoadProblems(io, kg);
  const profile = kg.profile;
  if (values.json === true) {
    io.stdout(`${JSON.stringify(profile, null, 2)}\n`);
    return EXIT.ok;
  }
  const short = (iri: string): string => compactIri(iri, profile.prefixes);
  io.stdout(`${profile.documents} documents, ${profile.graphs} graphs, ${profile.triples} triples\n\n`);
  io.stdout(
    renderTable(
      ['class', 'instances'],
      profile.classes.map((c) => [short(c.iri), String(c.instances)]),
    ),
  );
  io.stdout('\n');
  io.stdout(
    renderTable(
      ['predicate', 'triples', 'literal objects', 'resource objects'],
      profile.predicates.map((p) => [short(p.iri), String(p.triples), String(p.literalObjects), String(p.resourceObjects)]),
    ),
  );
  io.stdout('\n');
  io.stdout(
    renderTable(
      ['prefix', 'namespace'],
      Object.entries(profile.prefixes)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([p, ns]) => [`${p}:`, ns]),
    ),
  );
  return EXIT.ok;
}
