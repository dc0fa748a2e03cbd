import { parseArgs } from 'node:util';
import { MdkgError } from '../../errors.js';
import { writeFileAtomic } from '../../graph/atomic-write.js';
import { EXPORT_FORMATS, exportGraph, type ExportFormat } from '../../graph/export.js';
import { GRAPH_OPTIONS, openGraph, reportLoadProblems } from '../context.js';
import { escapeForTerminal } from '../../util/terminal-text.js';
import { EXIT, type CliIo } from '../io.js';
import { checkOutputFile } from '../output-path.js';

export async function exportCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({ args, options: { ...GRAPH_OPTIONS, format: { type: 'string' }, doc: { type: 'string' }, out: { type: 'string' } } });
  const format = values.format;
  if (format === undefined || !(EXPORT_FORMATS as readonly string[]).includes(format)) {
    throw new MdkgError('MDKG_USAGE', `--format must be one of ${EXPORT_FORMATS.join(', ')}`);
  }
  const out = values.out === undefined ? undefined : await checkOutputFile(io, values.out, '--out');
  const { kg } = await openGraph(io, values);
  reportLoadProblems(io, kg);
  const text = await exportGraph(kg, format as ExportFormat, values.doc);
  if (out === undefined) io.stdout(text);
  else {
    await writeFileAtomic(out, text);
    io.stderr(`wrote ${escapeForTerminal(values.out ?? out)}\n`);
  }
  return EXIT.ok;
}
