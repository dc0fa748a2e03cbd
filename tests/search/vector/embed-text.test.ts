import { describe, expect, it } from 'vitest';
import { codeEmbeddingText, MAX_EMBEDDING_CHARS, snippetEmbeddingText, toolEmbeddingText } from '../../../src/search/vector/embed-text.js';

const fields =
  (values: Record<string, string[]>) =>
  (key: string): string[] | undefined =>
    values[key];

describe('toolEmbeddingText', () => {
  it.each([
    ['a bare name', 'read_file', {}, 'read file'],
    ['a camel-case name with a title that repeats it', 'getPetById', { 'schema:name': ['Get pet by id'] }, 'get pet by id'],
    [
      'every field',
      'list_directory',
      {
        'schema:name': ['List directory'],
        'schema:description': ['Lists the entries of a folder.'],
        'parameter/mdkg:name': ['path', 'showHidden', 'path'],
        'schema:alternateName': ['ls', 'dir'],
        'mdkg:keyword': ['folder'],
        'schema:keywords': ['browse'],
        'mdkg:category': ['files'],
        'mdkg:example': ['what is in my home folder'],
      },
      'list directory. Lists the entries of a folder. parameters: path, show hidden. also called: ls, dir. keywords: folder, browse, files. examples: what is in my home folder',
    ],
    ['white space folded', 'x', { 'schema:description': ['two\n\n  lines'] }, 'x. two lines'],
  ])('%s', (_name, name, values, expected) => {
    expect(toolEmbeddingText(name, fields(values))).toBe(expected);
  });

  it('is cut at the longest text', () => {
    expect(toolEmbeddingText('x', fields({ 'schema:description': ['y'.repeat(5000)] }))).toHaveLength(MAX_EMBEDDING_CHARS);
  });
});

describe('codeEmbeddingText', () => {
  const parts = { qualifiedName: 'ToolIndex.searchAll', kind: 'method', doc: '', signature: '', path: 'src/search/tool-index.ts' };
  it.each([
    ['a bare method', {}, 'tool index search all (method). in src search tool index'],
    [
      'a doc comment and a signature',
      { doc: 'Ranks every tool.\n  Twice.', signature: 'searchAll(q: string): Hit[]' },
      'tool index search all (method). Ranks every tool. Twice. searchAll(q: string): Hit[]. in src search tool index',
    ],
    ['a file without an extension', { qualifiedName: 'main', kind: 'function', path: 'bin/mdkg' }, 'main (function). in bin mdkg'],
  ])('%s', (_name, over, expected) => {
    expect(codeEmbeddingText({ ...parts, ...over })).toBe(expected);
  });

  it('is cut at the longest text', () => {
    expect(codeEmbeddingText({ ...parts, doc: 'y'.repeat(5000) })).toHaveLength(MAX_EMBEDDING_CHARS);
  });
});

describe('snippetEmbeddingText', () => {
  it.each([
    ['// write it safely\nawait writeFileAtomic(path, data); // then write\n', 'write it safely await file atomic path data then'],
    ['x = 1 + 2', 'x'],
    ['{ } ( ) ;', ''],
  ])('%j -> %j', (snippet, expected) => {
    expect(snippetEmbeddingText(snippet)).toBe(expected);
  });
});
