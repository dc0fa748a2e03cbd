import { lstat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { MdkgError } from '../../errors.js';
import { writeFileAtomic } from '../../graph/atomic-write.js';
import { EXPORT_FORMATS, exportGraph, type ExportFormat } from '../../graph/export.js';
import { GRAPH_OPTIONS, openGraph, reportLoadProblems } from '../context.js';
import { EXIT, type CliIo } from '../io.js';

export async function exportCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({ args, options: { ...GRAPH_OPTIONS, format: { type: 'string' }, doc: { type: 'string' }, out: { type: 'string' } } });
  const format = values.format;
  if (format === undefined || !(EXPORT_FORMATS as readonly string[]).includes(format)) {
    throw new MdkgError('MDKG_USAGE', `--format must be one of ${EXPORT_FORMATS.join(', ')}`);
  }
  const out = values.out === undefined ? undefined : resolve(io.cwd, values.out);
  if (out !== undefined) {
    // Checked before the graph loads: a folder or a link is never replaced by the export.
    const stat = await lstat(out).catch(() => undefined);
    if (values.out === '' || stat?.isDirectory() === true) throw new MdkgError('MDKG_USAGE', `--out ${values.out} is a folder: give the path of a file`);
    if (stat !== undefined && !stat.isFile()) throw new MdkgError('MDKG_USAGE', `--out ${values.out} is not a regular file (a link, a device or a pipe): give the path of a file`);
  }
  const { kg } = await openGraph(io, values);
  reportLoadProblems(io, kg);
  const text = await exportGraph(kg, format as ExportFormat, values.doc);
  if (out === undefined) io.stdout(text);
  else {
    await writeFileAtomic(out as string, text);
    io.stderr(`wrote ${values.out}\n`);
  }
  return EXIT.ok;
}
