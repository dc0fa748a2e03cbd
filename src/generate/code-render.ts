// Parsing and rendering one source file's document. Loaded by generate-code.ts only when a file
// must be parsed: a no-change run never loads web-tree-sitter, the grammars or the YAML writer
// (~0.2 s of a command's start-up on this machine).
import { textBlocks } from '../ingest/code/blocks.js';
import type { LanguageSpec } from '../ingest/code/languages.js';
import { moduleDoc } from '../ingest/code/module-doc.js';
import { parseCode } from '../ingest/code/parse-code.js';
import type { CodeModel } from '../ingest/code/types.js';
import { writeDocument } from '../markdown-ld/write.js';
import { codeDocument } from './code-document.js';
import { stamp } from './marker.js';

export interface RenderInput {
  path: string;
  text: string;
  size: number;
  hash: string;
  /** The grammar, or undefined for a file read as blocks of lines. */
  spec: LanguageSpec | undefined;
  language: string;
  /** What each imported module resolves to ('' for nothing). */
  resolve: (modules: Iterable<string>) => Record<string, string>;
}

/** The file's code model, its stamped document and its imports' resolutions. */
export async function renderCodeFile(input: RenderInput): Promise<{ model: CodeModel; document: string; resolved: Record<string, string> }> {
  const { text, spec } = input;
  const model = spec === undefined ? textBlocks(text, input.language) : await parseCode(text, spec, input.path);
  const resolved = input.resolve(new Set(model.imports.map((i) => i.module)));
  const lines = text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  const resolvedMap = new Map(Object.entries(resolved).filter(([, f]) => f !== ''));
  const document = stamp(
    writeDocument(
      codeDocument({ path: input.path, size: input.size, lines, hash: input.hash, model, resolved: resolvedMap, doc: moduleDoc(text, model.language) }),
    ),
  );
  return { model, document, resolved };
}
