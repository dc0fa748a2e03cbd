// get_file_structure: the folders and files under a path, with symbol counts, and per file its
// top-level symbols (kind, name, line). `depth` bounds how many folder levels below the path are
// opened; deeper folders are listed with their counts only.
import { escapeForTerminal } from '../util/terminal-text.js';
import type { CodeIndex } from './code-index.js';

export interface StructureSymbol {
  name: string;
  kind: string;
  line: number;
}

export interface StructureFile {
  path: string;
  language: string;
  lines: number;
  symbols: number;
  top: StructureSymbol[];
}

export interface StructureFolder {
  path: string;
  files: number;
  symbols: number;
  /** Absent when the folder is beyond `depth` (only its counts are given). */
  folders?: StructureFolder[];
  entries?: StructureFile[];
}

export interface FileStructureOptions {
  /** A folder or file relative to the root (already confined); default the whole tree. */
  path?: string;
  /** Folder levels opened below `path` (default 3). */
  depth?: number;
}

/** The tree under `path`, or undefined when no code file lies there. */
export function fileStructure(index: CodeIndex, options: FileStructureOptions = {}): StructureFolder | undefined {
  const scope = (options.path ?? '').replace(/^(\.\/)+/, '').replace(/\/+$/, '');
  const depth = Math.max(0, Math.floor(options.depth ?? 3));
  const chosen = index.files.filter((f) => scope === '' || f.path === scope || f.path.startsWith(`${scope}/`));
  if (chosen.length === 0) return undefined;
  const single = chosen.length === 1 && chosen[0]!.path === scope;
  const base = single ? scope.slice(0, Math.max(0, scope.lastIndexOf('/'))) : scope;
  const root: StructureFolder = { path: base === '' ? '.' : base, files: 0, symbols: 0, folders: [], entries: [] };
  for (const f of chosen) {
    const rest = base === '' ? f.path : f.path.slice(base.length + 1);
    const parts = rest.split('/');
    let folder = root;
    let level = 0;
    folder.files += 1;
    folder.symbols += f.symbols.length;
    for (const part of parts.slice(0, -1)) {
      level += 1;
      const path = folder.path === '.' ? part : `${folder.path}/${part}`;
      let next = folder.folders?.find((c) => c.path === path);
      if (next === undefined) {
        next = { path, files: 0, symbols: 0, ...(level <= depth ? { folders: [], entries: [] } : {}) };
        folder.folders?.push(next);
      }
      folder = next;
      folder.files += 1;
      folder.symbols += f.symbols.length;
      if (folder.entries === undefined) break;
    }
    if (folder.entries === undefined || parts.length - 1 > depth) continue;
    const top = f.symbols
      .map((i) => index.symbols[i]!)
      .filter((s) => s.parent < 0)
      .map((s) => ({ name: s.name, kind: s.kind, line: s.startLine }));
    folder.entries.push({ path: f.path, language: f.language, lines: f.lines, symbols: f.symbols.length, top });
  }
  return root;
}

/**
 * The tree as indented text: `folder/ (files, symbols)`, `file (lines, symbols): kind name, …`.
 * One line per folder and file: every name (folder, file, symbol, kind) is written with its
 * control, line-breaking and bidi characters escaped (escapeForTerminal), so no name adds a line
 * or rewrites one; the structured tree keeps the names exact.
 */
export function renderStructure(root: StructureFolder): string {
  const out: string[] = [];
  const walk = (folder: StructureFolder, indent: string): void => {
    out.push(`${indent}${escapeForTerminal(folder.path)}/  ${folder.files} files, ${folder.symbols} symbols`);
    for (const child of folder.folders ?? []) walk(child, `${indent}  `);
    for (const f of folder.entries ?? []) {
      const name = escapeForTerminal(f.path.slice(f.path.lastIndexOf('/') + 1));
      const top = f.top.map((s) => `${escapeForTerminal(s.kind)} ${escapeForTerminal(s.name)}`).join(', ');
      out.push(`${indent}  ${name}  ${f.lines} lines, ${f.symbols} symbols${top === '' ? '' : `: ${top}`}`);
    }
  };
  walk(root, '');
  return `${out.join('\n')}\n`;
}
