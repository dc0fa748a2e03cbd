import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../src/errors.js';
import { readOpenApi } from '../../../src/ingest/openapi/index.js';

const invalid = (
  message: string,
  position: { line?: number; column?: number } = {},
  severity: Diagnostic['severity'] = 'error',
  file = 'spec.json',
): Diagnostic => ({
  code: 'MDKG_SOURCE_INVALID',
  severity,
  message,
  file,
  ...position,
});

describe('readOpenApi: text and root checks', () => {
  it.each<[string, string, string, Diagnostic[]]>([
    [
      'YAML with a syntax error',
      'spec.yaml',
      'openapi: 3.0.0\npaths:\n  /a:\n    get: [\n',
      [invalid('invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]', { line: 5, column: 1 }, 'error', 'spec.yaml')],
    ],
    [
      'YAML with a duplicate key',
      'spec.yaml',
      'openapi: 3.0.0\npaths: {}\npaths: {}\n',
      [invalid('invalid YAML: Map keys must be unique', { line: 3, column: 1 }, 'error', 'spec.yaml')],
    ],
    [
      'YAML indented with a tab',
      'spec.yaml',
      'openapi: 3.0.0\npaths:\n\t/a: {}\n',
      [invalid('invalid YAML: Tabs are not allowed as indentation', { line: 3, column: 1 }, 'error', 'spec.yaml')],
    ],
    [
      'YAML alias bomb',
      'spec.yaml',
      `a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [${'*a, '.repeat(9)}*a]\nc: &c [${'*b, '.repeat(9)}*b]\nopenapi: 3.0.0\npaths: {}\n`,
      [invalid('invalid YAML: Excessive alias count indicates a resource exhaustion attack', {}, 'error', 'spec.yaml')],
    ],
    ['empty text', 'spec.json', ' \n\n', [invalid('the spec is empty')]],
    ['a list', 'spec.json', '[1, 2]', [invalid('the spec is a list, not an object')]],
    ['a string', 'spec.json', 'hello', [invalid('the spec is a string, not an object')]],
    ['null', 'spec.json', 'null', [invalid('the spec is null, not an object')]],
    ['a number', 'spec.json', '42', [invalid('the spec is a number, not an object')]],
    ['no version', 'spec.json', '{"paths": {}}', [invalid('not an OpenAPI or Swagger spec: no `openapi` or `swagger` version')]],
    ['paths is a list', 'spec.json', '{"openapi": "3.0.0", "paths": []}', [invalid('`paths` is not an object')]],
    ['paths is a string', 'spec.json', '{"swagger": "2.0", "paths": "x"}', [invalid('`paths` is not an object')]],
    [
      'no paths (3.1 webhooks only)',
      'spec.json',
      '{"openapi": "3.1.0", "webhooks": {}}',
      [invalid('the spec has no `paths`: no operations, no tools', {}, 'warning')],
    ],
    [
      'no paths in 3.0 (a spec cut short)',
      'spec.json',
      '{"openapi": "3.0.3"}',
      [invalid('the spec has no `paths` (required in OpenAPI 3.0 and Swagger 2.0): is it complete?')],
    ],
    ['no paths in 2.0', 'spec.json', '{"swagger": "2.0"}', [invalid('the spec has no `paths` (required in OpenAPI 3.0 and Swagger 2.0): is it complete?')]],
    ['openapi 4', 'spec.json', '{"openapi": "4.0.0", "paths": {}}', [invalid('openapi version "4.0.0" is not 3.x; read as 3.1', {}, 'warning')]],
    ['swagger 1.2', 'spec.json', '{"swagger": "1.2", "paths": {}}', [invalid('swagger version "1.2" is not 2.0; read as 2.0', {}, 'warning')]],
    ['a YAML number version', 'spec.yaml', 'openapi: 3.0\npaths: {}\n', []],
    ['flow-style YAML in a .yaml file', 'spec.yaml', '{openapi: 3.0.0, paths: {}}', []],
  ])('%s', (_, file, text, diagnostics) => {
    expect(readOpenApi(text, { source: 's', file })).toStrictEqual({ source: 's', tools: [], diagnostics });
  });

  it('reports a JSON syntax error with its line and column', () => {
    const result = readOpenApi('{\n  "openapi": "3.0.0",\n  "paths": {"/a": {}}\n', { source: 's', file: 'spec.json' });
    expect(result.tools).toStrictEqual([]);
    expect(result.diagnostics).toHaveLength(1);
    // The wording after "invalid JSON:" is V8's and changes between Node versions.
    expect(result.diagnostics[0]).toStrictEqual({
      ...invalid('', { line: 4, column: 1 }),
      message: expect.stringMatching(/^invalid JSON: Expected ',' or '}' after property value/),
    });
  });

  it('leaves file out of diagnostics when none is given', () => {
    expect(readOpenApi('[]', { source: 's' }).diagnostics).toStrictEqual([
      { code: 'MDKG_SOURCE_INVALID', severity: 'error', message: 'the spec is a list, not an object' },
    ]);
  });

  it('survives nesting deep enough to exhaust a recursive parser', () => {
    const json = readOpenApi(`{"openapi": "3.0.0", "paths": {}, "x": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`, { source: 's', file: 'spec.json' });
    expect(json).toStrictEqual({ source: 's', tools: [], diagnostics: [] });
    const yaml = readOpenApi(`openapi: 3.0.0\npaths: {}\nx: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n`, { source: 's', file: 'spec.yaml' });
    expect(yaml.tools).toStrictEqual([]);
    expect(yaml.diagnostics.map((d) => [d.code, d.severity])).toStrictEqual([['MDKG_SOURCE_INVALID', 'error']]);
  });
});
