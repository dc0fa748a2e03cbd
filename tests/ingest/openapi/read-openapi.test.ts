import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readOpenApi } from '../../../src/ingest/openapi/index.js';
import { PETS_20, PETS_30, PETS_31, PETS_TOOLS } from './pets-fixtures.js';

const asJson = (yaml: string): string => JSON.stringify(parse(yaml), null, 2);

describe('readOpenApi: one API in every flavour and format', () => {
  it.each([
    ['OpenAPI 3.0 YAML', PETS_30],
    ['OpenAPI 3.0 JSON', asJson(PETS_30)],
    ['OpenAPI 3.1 YAML', PETS_31],
    ['OpenAPI 3.1 JSON', asJson(PETS_31)],
    ['Swagger 2.0 YAML', PETS_20],
    ['Swagger 2.0 JSON', asJson(PETS_20)],
  ])('%s reads as the same tools', (_, text) => {
    expect(readOpenApi(text, { source: 'pets', file: 'specs/pets' })).toStrictEqual({ source: 'pets', tools: PETS_TOOLS, diagnostics: [] });
  });

  it('is deterministic: the same text gives the same result', () => {
    const first = JSON.stringify(readOpenApi(PETS_30, { source: 'pets' }));
    expect(JSON.stringify(readOpenApi(PETS_30, { source: 'pets' }))).toBe(first);
  });

  it('reads a byte order mark and CRLF line ends', () => {
    expect(readOpenApi(`\uFEFF${PETS_30.replace(/\n/g, '\r\n')}`, { source: 'pets' }).tools).toEqual(PETS_TOOLS);
  });
});
