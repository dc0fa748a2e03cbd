// A source file's module doc comment, from its leading lexemes (source-lexer.ts), by each
// language's convention: Rust's inner doc comments (`//!`, `/*! */`); Python's module docstring
// (the first statement, a string); Go's package comment (the comment group just above `package`,
// build directives left out); in Java the comment before `package`; in JS/TS and the other C-like
// languages and Ruby the first leading comment group set apart from the code by a blank line or
// tagged `@file`/`@fileoverview`/`@module`/`@packageDocumentation`. A licence header (a group that
// says copyright, SPDX or @license) is never the module's doc. Flattened and cut as symbol docs are.
import { lexSource } from './source-lexer.js';
import { flat, MAX_DOC } from './node-text.js';

/** Comment markers off each line: `/**`, `*\/`, `*`, `//!`, `///`, `//`, `#`. */
function stripMarkers(text: string): string {
  return text
    .replace(/^\/\*+!?|\*+\/$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*(\/\/[/!]?|#+|\*(?!\/))?/, ''))
    .join('\n');
}

const LICENCE = /copyright|spdx-license-identifier|@license|\(c\)\s*\d{4}/i;
const FILE_TAG = /@(file|fileoverview|overview|module|packageDocumentation)\b/;
const GO_DIRECTIVE = /^\/\/(go:|\s*\+build)/;

interface Group {
  comments: string[];
  /** A blank line or the code follows it (`code` is the first identifier after it, or '' at the end). */
  blankAfter: boolean;
  code: string | undefined;
}

const isBlock = (c: string): boolean => c.startsWith('/*');
/** A tool's directive, not prose: `// @ts-check`, `/* eslint-disable *\/`, `// biome-ignore …`. */
const DIRECTIVE = /^(\/\/|\/\*)\s*(eslint|@ts-|prettier|jshint|tslint|biome-|globals?\b)/;

/** The comment groups before the first code, each with what follows it; the Python docstring apart. */
function leading(text: string, language: string): { groups: Group[]; docstring?: string } {
  const groups: Group[] = [];
  const python = language === 'python';
  let current: Group | undefined;
  let newlines = 0;
  let docstring: string | undefined;
  let prefix = false;
  let done = false;
  // The lexer is stopped by a thrown sentinel at the first code (a header is short).
  const STOP = Symbol('stop');
  const stop = (code: string): never => {
    if (current !== undefined) current.code = code;
    done = true;
    throw STOP;
  };
  try {
    lexSource(text, language, (l) => {
      const afterPrefix = prefix;
      prefix = false;
      if (l.kind === 'newline') {
        if (afterPrefix) stop('');
        newlines += 1;
        if (newlines >= 2 && current !== undefined) current.blankAfter = true;
      } else if (l.kind === 'comment' && (!python || l.text.startsWith('#'))) {
        if (afterPrefix) stop('');
        if (l.text.startsWith('#!') || DIRECTIVE.test(l.text)) return;
        if (current === undefined || newlines > 1 || isBlock(current.comments.at(-1)!) || isBlock(l.text))
          groups.push((current = { comments: [], blankAfter: false, code: undefined }));
        current.comments.push(l.text);
        newlines = 0;
      } else if (python && (l.kind === 'comment' || l.kind === 'string')) {
        docstring = l.text.replace(/^("""|'''|"|')/, '').replace(/("""|'''|"|')$/, '');
        stop('');
      } else if (python && !afterPrefix && l.kind === 'identifier' && /^[rRuU]$/.test(l.text)) prefix = true;
      else if (l.kind === 'string' && /^['"]use \w+['"]$/.test(l.text)) newlines = 0;
      else stop(l.kind === 'identifier' && !afterPrefix ? l.text : '');
    });
  } catch (error) {
    if (error !== STOP) throw error;
  }
  if (!done && current !== undefined) current.blankAfter = true;
  return { groups, ...(docstring === undefined ? {} : { docstring }) };
}

/** The module doc comment of a source file ('' when it has none). `language`: an id of languages.ts. */
export function moduleDoc(text: string, language: string): string {
  const { groups, docstring } = leading(text, language);
  let raw: string[] = [];
  if (language === 'python') raw = docstring === undefined ? [] : [docstring];
  else if (language === 'rust') raw = groups.flatMap((g) => g.comments.filter((c) => /^\/\/!|^\/\*!/.test(c)));
  else {
    const own = groups.filter((g) => !g.comments.some((c) => LICENCE.test(c)));
    const last = own.at(-1);
    if (language === 'go') raw = last !== undefined && !last.blankAfter && last.code === 'package' ? last.comments.filter((c) => !GO_DIRECTIVE.test(c)) : [];
    else if (language === 'java') raw = last !== undefined && last.code === 'package' ? last.comments : (own[0]?.blankAfter ?? false) ? own[0]!.comments : [];
    else {
      const first = own.find((g) => g.blankAfter || g.comments.some((c) => FILE_TAG.test(c)));
      raw = first === undefined ? [] : first.comments;
    }
  }
  return flat(raw.map(stripMarkers).join('\n'), MAX_DOC);
}
