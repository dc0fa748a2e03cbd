import { parseArgs } from 'node:util';
import { GRAPH_OPTIONS, openGraph } from '../context.js';
import { diagnosticLine, EXIT, type CliIo } from '../io.js';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export async function validateCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { ...GRAPH_OPTIONS, json: { type: 'boolean' } } });
  const { kg } = await openGraph(io, values, positionals[0]);
  const diagnostics = kg.diagnostics;
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
  if (values.json === true) {
    io.stdout(`${JSON.stringify({ root: kg.root, documents: kg.stats.files, loaded: kg.stats.loaded, errors, warnings, diagnostics }, null, 2)}\n`);
  } else {
    for (const d of diagnostics) io.stdout(`${diagnosticLine(d)}\n`);
    io.stdout(
      `${plural(kg.stats.files, 'document')}, ${kg.stats.loaded} loaded, ${plural(kg.store.size, 'triple')}: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}\n`,
    );
  }
  return errors > 0 ? EXIT.failed : EXIT.ok;
}
