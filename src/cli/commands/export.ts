import { parseArgs } from 'node:util';
import { MdkgError } from '../../errors.js';
import { writeFileAtomic } from '../../graph/atomic-write.js';
import { EXPORT_FORMATS, exportGraph, type ExportFormat } from '../../graph/export.js';
import { GRAPH_OPTIONS, openGraph, reportLoadProblems } from '../context.js';
import { escapeForTerminal } from '../../util/terminal-text.js';
import { EXIT, type CliIo } from '../io.js';
import { checkOutputFile } from '../output-path.js';
import { STORE_OPTIONS, storeClient, wantsStore } from '../store-target.js';
import { loadConfig } from '../../config.js';
import { exportRemote, REMOTE_EXPORT_FORMATS } from '../../store/export.js';

export async function exportCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { ...GRAPH_OPTIONS, ...STORE_OPTIONS, format: { type: 'string' }, doc: { type: 'string' }, out: { type: 'string' } },
  });
  const format = values.format;
  if (format === undefined || !(EXPORT_FORMATS as readonly string[]).includes(format)) {
    throw new MdkgError('MDKG_USAGE', `--format must be one of ${EXPORT_FORMATS.join(', ')}`);
  }
  const out = values.out === undefined ? undefined : await checkOutputFile(io, values.out, '--out');
  let text: string;
  if (wantsStore(values)) {
    if (!(REMOTE_EXPORT_FORMATS as readonly string[]).includes(format))
      throw new MdkgError('MDKG_USAGE', `from a SPARQL server, --format must be one of ${REMOTE_EXPORT_FORMATS.join(', ')}`);
    const { config } = await loadConfig(io.cwd, values.config ?? io.configFile);
    text = await exportRemote(storeClient(io, config, values), format as (typeof REMOTE_EXPORT_FORMATS)[number], values.doc);
  } else {
    const { kg } = await openGraph(io, values);
    reportLoadProblems(io, kg);
    text = await exportGraph(kg, format as ExportFormat, values.doc);
  }
  if (out === undefined) io.stdout(text);
  else {
    await writeFileAtomic(out, text);
    io.stderr(`wrote ${escapeForTerminal(values.out ?? out)}\n`);
  }
  return EXIT.ok;
}
