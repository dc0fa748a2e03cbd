import { describe, expect, it } from 'vitest';
import * as api from '../src/index.js';

describe('public API', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(api).sort()).toEqual([
      'DEFAULT_CONTEXT_URL',
      'DEFAULT_MAX_DOCUMENT_BYTES',
      'DEFAULT_PREFIXES',
      'EXPORT_FORMATS',
      'KnowledgeGraph',
      'MAX_QUERY_CHARS',
      'MdkgError',
      'QuadStore',
      'annotationStats',
      'compactIri',
      'computeSchemaProfile',
      'defaultContext',
      'detectDependencies',
      'documentToQuads',
      'expandId',
      'exportGraph',
      'formatBindings',
      'formatDiagnostic',
      'generateTools',
      'groupDocument',
      'inferAnnotations',
      'isMdkgError',
      'listLiveTools',
      'loadConfig',
      'loadGraph',
      'parseDocument',
      'pathIri',
      'readMcpToolList',
      'readOpenApi',
      'runQuery',
      'serializeQuads',
      'splitFrontMatter',
      'toolDocument',
      'validateConfig',
      'writeDocument',
      'writeSourceDocuments',
    ]);
  });
});
