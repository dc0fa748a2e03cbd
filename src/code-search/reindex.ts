// reindex_codebase: the incremental `generate code` run over the code root, then a refresh of the
// loaded graph (only changed documents are re-read), so the next code search sees the new symbols.
import type { Diagnostic } from '../errors.js';
import { codeRunOptions, type CodeRunInput } from '../generate/code-run.js';
import { generateCode } from '../generate/generate-code.js';
import type { KnowledgeGraph } from '../graph/knowledge-graph.js';

export interface ReindexReport {
  counts: { added: number; updated: number; removed: number; unchanged: number };
  files: number;
  parsed: number;
  symbols: number;
  /** Documents kept because they were edited by hand. */
  kept: number;
  generateMs: number;
  reloadMs: number;
  ms: number;
  diagnostics: Diagnostic[];
}

/** Regenerates the code documents of `input.dir` (incrementally) and refreshes `kg`. */
export async function reindexCodebase(kg: KnowledgeGraph, input: CodeRunInput): Promise<ReindexReport> {
  const began = performance.now();
  const report = await generateCode(await codeRunOptions(input));
  const generated = performance.now();
  await kg.refresh();
  const done = performance.now();
  return {
    counts: { added: report.added.length, updated: report.updated.length, removed: report.removed.length, unchanged: report.unchanged },
    files: report.files,
    parsed: report.parsed,
    symbols: report.symbols,
    kept: report.kept.length,
    generateMs: Math.round(generated - began),
    reloadMs: Math.round(done - generated),
    ms: Math.round(done - began),
    diagnostics: report.diagnostics,
  };
}
