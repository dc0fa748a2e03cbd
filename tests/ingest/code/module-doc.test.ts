import { describe, expect, it } from 'vitest';
import { moduleDoc } from '../../../src/ingest/code/module-doc.js';

describe('moduleDoc', () => {
  const cases: [name: string, language: string, text: string, doc: string][] = [
    ['Rust //! lines', 'rust', '//! Parses widgets.\n//! Second line.\n\nuse std::fmt;\n/// item doc\nfn f() {}\n', 'Parses widgets. Second line.'],
    ['Rust /*! */ after a licence', 'rust', '// Copyright 2020 Someone\n\n/*! Inner block doc. */\nmod a;\n', 'Inner block doc.'],
    ['Rust: an item doc is not the module doc', 'rust', '/// Only an item.\nfn f() {}\n', ''],
    [
      'Python docstring after a shebang and comments',
      'python',
      '#!/usr/bin/env python\n# -*- coding: utf-8 -*-\n"""Reads frames.\n\nMore text."""\nimport os\n',
      'Reads frames. More text.',
    ],
    ['Python raw docstring', 'python', "r'''Raw \\d doc.'''\nx = 1\n", 'Raw \\d doc.'],
    ['Python: a string after code is not the docstring', 'python', 'import os\n"""late"""\n', ''],
    [
      'Go package comment, build directive left out',
      'go',
      '//go:build linux\n\n// Package wire encodes frames.\n// It is small.\npackage wire\n',
      'Package wire encodes frames. It is small.',
    ],
    ['Go: a comment set apart from package is not its doc', 'go', '// Loose comment.\n\npackage wire\n', ''],
    [
      'Java comment before package, licence skipped',
      'java',
      '/*\n * Copyright 2019 X\n */\n/** The codec package. */\npackage a.b;\nclass C {}\n',
      'The codec package.',
    ],
    ['Java: class Javadoc after package is not the file doc', 'java', 'package a;\n/** Class doc. */\nclass C {}\n', ''],
    ['TS leading /** */ set apart by a blank line', 'typescript', "/**\n * Routes requests.\n */\n\nimport x from 'y';\n", 'Routes requests.'],
    [
      'TS leading // block after a directive',
      'typescript',
      '// @ts-check\n// Builds the index.\n// In one pass.\n\nexport const a = 1;\n',
      'Builds the index. In one pass.',
    ],
    ['TS: a declaration doc is not the file doc', 'typescript', '/** The function. */\nexport function f() {}\n', ''],
    ['JS @fileoverview tag, no blank line', 'javascript', "'use strict';\n/** @fileoverview Lints files. */\nconst a = 1;\n", '@fileoverview Lints files.'],
    ['C: comment markers in a string are not a comment', 'cpp', 'const char *s = "/* no */";\n', ''],
    ['a language without a lexer', 'markdown', '# Title\n', ''],
  ];
  it.each(cases)('%s', (_name, language, text, doc) => {
    expect(moduleDoc(text, language)).toBe(doc);
  });
});
