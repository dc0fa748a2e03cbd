import { describe, expect, it } from 'vitest';
import { MAX_EMBEDDING_CHARS, toolEmbeddingText } from '../../../src/search/vector/embed-text.js';

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
