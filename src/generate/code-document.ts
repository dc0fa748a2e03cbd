import { languageFor } from '../ingest/code/languages.js';
import type { CodeModel, CodeSymbol } from '../ingest/code/types.js';
import type { DocumentModel } from '../markdown-ld/types.js';
import { iriSegment } from './file-names.js';
import { MARKER_KEY, MARKER_UNSTAMPED } from './marker.js';
import { proseOnly } from './tool-document.js';

/** A parsed source file with what its document says about it. */
export interface CodeFileInput {
  /** Relative to the repository root, `/`-separated. */
  path: string;
  size: number;
  lines: number;
  /** `sha256:<hex>` of the file's bytes. */
  hash: string;
  model: CodeModel;
  /** The repository file each import's module names, where it names one. */
  resolved: ReadonlyMap<string, string>;
  /** The module doc comment (ingest/code/module-doc.ts), '' or absent for none. */
  doc?: string;
}

/** The IRI of a source file's document: `code:` and its path, each segment IRI-encoded. */
export const codeFileId = (path: string): string => `code:${path.split('/').map(iriSegment).join('/')}`;

export { codeDocumentPath } from './code-paths.js';

/** Fragment ids of the symbols: `#<qualified name>`, and `~L<line>` after a repeated one (overloads). */
function symbolIds(symbols: readonly CodeSymbol[]): string[] {
  const seen = new Set<string>();
  return symbols.map((s) => {
    const base = `#${iriSegment(s.qualifiedName)}`;
    const id = seen.has(base) ? `${base}~L${s.startLine}` : base;
    seen.add(base);
    return id;
  });
}

type Call = { id: string; confidence: 'extracted' | 'inferred'; rule: string };

/** Calls of each symbol (and of top-level code, under -1), resolved ones only, by target id. */
function callsBySymbol(input: CodeFileInput, ids: readonly string[]): Map<number, Call[]> {
  const out = new Map<number, Map<string, Call>>();
  for (const call of input.model.calls) {
    let target: Call | undefined;
    if (call.via?.rule === 'same-file') target = { id: ids[call.via.symbol] ?? '', confidence: 'inferred', rule: 'same-file-name' };
    else if (call.via?.rule === 'import') {
      const file = input.resolved.get(call.via.module);
      const imported = call.via.imported;
      if (file !== undefined) {
        const id = imported === 'default' || imported === '*' ? codeFileId(file) : `${codeFileId(file)}#${iriSegment(imported)}`;
        target = { id, confidence: 'extracted', rule: 'import' };
      }
    }
    if (target === undefined || target.id === '') continue;
    const from = call.from ?? -1;
    const mine = out.get(from) ?? new Map<string, Call>();
    mine.set(target.id, target);
    out.set(from, mine);
  }
  return new Map([...out].map(([k, v]) => [k, [...v.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))]));
}

const nonEmpty = <T>(list: readonly T[]): T[] | undefined => (list.length === 0 ? undefined : [...list]);
const cell = (s: string): string => proseOnly(s).replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
const sorted = (list: Iterable<string>): string[] => [...new Set(list)].sort();

/** The Markdown-LD document of one source file: the file and its symbols in front matter, a table for people. */
export function codeDocument(input: CodeFileInput): DocumentModel {
  const { model, path } = input;
  const fileId = codeFileId(path);
  const ids = symbolIds(model.symbols);
  const calls = callsBySymbol(input, ids);
  const symbols = model.symbols.map((s, i) => ({
    id: ids[i],
    type: 'Symbol',
    kind: s.kind,
    name: s.name,
    qualified_name: s.qualifiedName,
    signature: s.signature === '' ? undefined : s.signature,
    description: s.doc,
    start_line: s.startLine,
    end_line: s.endLine,
    contained_in: s.parent === undefined ? fileId : ids[s.parent],
    decorators: nonEmpty(s.decorators),
    folded_into: s.foldedInto === undefined ? undefined : ids[s.foldedInto],
    chunk: s.split === true ? 'split' : undefined,
    calls: calls.get(i),
  }));
  const frontMatter: Record<string, unknown> = {
    id: fileId,
    type: 'SourceFile',
    title: path,
    name: path.slice(path.lastIndexOf('/') + 1),
    file_path: path,
    language: model.language,
    description: input.doc === undefined || input.doc === '' ? undefined : input.doc,
    byte_size: input.size,
    line_count: input.lines,
    source_hash: input.hash,
    modules: nonEmpty(sorted(model.imports.map((i) => i.module))),
    imports: nonEmpty(sorted(input.resolved.values()).map(codeFileId)),
    calls: calls.get(-1),
    symbols: nonEmpty(symbols),
    [MARKER_KEY]: MARKER_UNSTAMPED,
  };
  return { frontMatter, body: codeBody(input) };
}

function codeBody(input: CodeFileInput): string {
  const { model, path } = input;
  const label = languageFor(path)?.label ?? model.language;
  const blocks = model.symbols.length > 0 && model.symbols.every((s) => s.kind === 'block');
  const count = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  const lines = [
    `# ${cell(path)}`,
    '',
    blocks
      ? `${label} text without a grammar: ${count(input.lines, 'line')} in ${count(model.symbols.length, 'block')} of up to 50 lines.`
      : `${label} source: ${count(input.lines, 'line')}, ${count(model.symbols.length, 'symbol')}, ${count(model.imports.length, 'import')}.`,
    '',
  ];
  if (model.symbols.length > 0) {
    lines.push('| symbol | kind | lines | unit | signature |', '|---|---|---|---|---|');
    for (const s of model.symbols) {
      const span = s.startLine === s.endLine ? `${s.startLine}` : `${s.startLine}–${s.endLine}`;
      const folded = s.foldedInto === undefined ? undefined : model.symbols[s.foldedInto];
      const unit = folded !== undefined ? `in ${cell(folded.qualifiedName)}` : s.split === true ? 'split' : 'own';
      lines.push(`| ${cell(s.qualifiedName)} | ${s.kind} | ${span} | ${unit} | ${cell(s.signature)} |`);
    }
    lines.push('');
  }
  if (model.imports.length > 0) {
    lines.push('## Imports', '');
    for (const i of model.imports) {
      const names = i.names.map((n) => (n.imported === n.local ? n.local : `${n.imported} as ${n.local}`)).join(', ');
      const file = input.resolved.get(i.module);
      lines.push(`- ${cell(i.module)}${names === '' ? '' : ` (${cell(names)})`}${file === undefined ? '' : ` → ${cell(file)}`}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}
