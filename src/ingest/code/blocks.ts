import { flat, MAX_SIGNATURE } from './node-text.js';
import type { CodeModel, CodeSymbol } from './types.js';

/** Lines per block, and lines each block shares with the one before it. */
export const BLOCK_LINES = 50;
export const BLOCK_OVERLAP = 10;

/** Text files without a grammar that are still indexed, as blocks of lines: the language id of each ending. */
const TEXT_LANGUAGES: Readonly<Record<string, string>> = {
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.mdx': 'markdown',
  '.rst': 'text',
  '.txt': 'text',
  '.adoc': 'text',
  '.yaml': 'yaml',
  '.yml': 'yaml',
  '.toml': 'toml',
  '.sh': 'shell',
  '.bash': 'shell',
  '.css': 'css',
  '.scss': 'css',
  '.html': 'html',
  '.vue': 'vue',
  '.svelte': 'svelte',
  '.sql': 'sql',
  '.graphql': 'graphql',
  '.proto': 'protobuf',
  '.kt': 'kotlin',
  '.swift': 'swift',
  '.scala': 'scala',
  '.lua': 'lua',
  '.dart': 'dart',
  '.ex': 'elixir',
  '.hs': 'haskell',
  '.zig': 'zig',
};

/** The language id of a text file read as blocks of lines; undefined for other files. */
export function textLanguageFor(path: string): string | undefined {
  const dot = path.lastIndexOf('.');
  if (dot < 0 || dot < path.lastIndexOf('/')) return undefined;
  return TEXT_LANGUAGES[path.slice(dot).toLowerCase()];
}

/**
 * A file without a grammar as blocks of BLOCK_LINES lines, each starting BLOCK_LINES -
 * BLOCK_OVERLAP lines after the one before (1–50, 41–90, …): a match near a block's end is also
 * near the next one's start. Each block is named by its lines and shows its first non-blank line.
 */
export function textBlocks(text: string, language: string): CodeModel {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const symbols: CodeSymbol[] = [];
  const step = BLOCK_LINES - BLOCK_OVERLAP;
  for (let start = 0; start < lines.length; start += step) {
    const end = Math.min(start + BLOCK_LINES, lines.length);
    const first = lines.slice(start, end).find((l) => l.trim() !== '') ?? '';
    const name = `L${start + 1}-L${end}`;
    symbols.push({ kind: 'block', name, qualifiedName: name, signature: flat(first, MAX_SIGNATURE), startLine: start + 1, endLine: end, decorators: [] });
    if (end === lines.length) break;
  }
  return { language, symbols, imports: [], calls: [], diagnostics: [] };
}
