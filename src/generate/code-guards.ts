// What a `generate code` run must never do: read its own output back as sources (an output folder
// holding the folder indexed is refused; one inside it is not walked, and said so; any document
// mdkg generated is skipped wherever it lies), or write documents where loading the graph skips
// them (graph/scan.ts loadingSkips, the loader's own rule: refused for the output folder, a
// warning per document).
import { isAbsolute, join, relative, sep } from 'node:path';
import { type Diagnostic, MdkgError } from '../errors.js';
import { loadingSkips } from '../graph/scan.js';
import { markerState } from './marker.js';

/** Whether `inner` is `outer` or lies inside it (absolute paths). */
const within = (inner: string, outer: string): boolean => {
  const rel = relative(outer, inner);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
};

export interface OutputGuard {
  /** Notes for the run (an output folder inside the folder indexed). */
  diagnostics: Diagnostic[];
  /** Why loading the graph folder would skip the document at `docRel` (relative to the output folder), if it would. */
  unloadable: (docRel: string) => string | undefined;
}

/**
 * Checks where a run over `<root>/<start>` writes: `outDir` holding the folder indexed is
 * MDKG_USAGE (its documents would be read back on every run); an output folder lying where
 * loading `graphsDir` skips it (`scope`, the documents' folder under it, included) is
 * MDKG_OUTPUT_NOT_LOADED. An output folder inside the folder indexed is not walked (walk.ts
 * `exclude`): said so when no other excluded folder (the graph folder) holds it already.
 */
export async function guardOutput(options: {
  root: string;
  start: readonly string[];
  outDir: string;
  scope: string;
  graphsDir?: string;
  exclude?: readonly string[];
}): Promise<OutputGuard> {
  const walked = join(options.root, ...options.start);
  const { outDir } = options;
  if (within(walked, outDir)) {
    throw new MdkgError(
      'MDKG_USAGE',
      `the output folder ${outDir} ${relative(outDir, walked) === '' ? 'is' : 'holds'} the folder indexed (${walked}): its documents would be read back as sources on every run; write them elsewhere (the default is <graphs>/code)`,
      { file: outDir },
    );
  }
  const diagnostics: Diagnostic[] = [];
  if (within(outDir, walked) && !(options.exclude ?? []).some((d) => within(outDir, d))) {
    diagnostics.push({
      code: 'MDKG_GENERATED_INPUT',
      severity: 'info',
      message: 'the output folder lies inside the folder indexed: it is not read as sources',
      file: relative(options.root, outDir).split(sep).join('/'),
    });
  }
  const graphsDir = options.graphsDir;
  if (graphsDir === undefined || !within(outDir, graphsDir)) return { diagnostics, unloadable: () => undefined };
  const skips = await loadingSkips(graphsDir);
  const base = relative(graphsDir, outDir).split(sep).join('/');
  const at = (rel: string): string => (base === '' ? rel : `${base}/${rel}`);
  const folder = at(options.scope).replace(/\/$/, '');
  const reason = folder === '' ? undefined : skips(`${folder}/`);
  if (reason !== undefined) {
    throw new MdkgError('MDKG_OUTPUT_NOT_LOADED', `documents written to ${folder} would never be loaded: ${reason}`, { file: folder });
  }
  return { diagnostics, unloadable: (docRel) => skips(at(docRel)) };
}

/** Whether a source file is a document mdkg generated (a Markdown file with the generated marker, edited since or not). */
export const isGeneratedDocument = (path: string, text: string): boolean => path.toLowerCase().endsWith('.md') && markerState(text) !== 'hand-written';

/** The note for a generated document found among the sources. */
export const generatedInput = (path: string): Diagnostic => ({
  code: 'MDKG_GENERATED_INPUT',
  severity: 'info',
  message: 'a document mdkg generated: not read as a source',
  file: path,
});
