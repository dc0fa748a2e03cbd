import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readOpenApi } from '../../../src/ingest/openapi/index.js';
import type { IngestResult, ToolModel } from '../../../src/ingest/types.js';

/** The graph-tool-call benchmark data, read in place from ../shared (never copied into the repository). */
const BENCHMARKS = fileURLToPath(new URL('../../../../shared/datasets/graph-tool-call/benchmarks/', import.meta.url));
const present = existsSync(BENCHMARKS);
const title = present ? 'readOpenApi: real specs' : `readOpenApi: real specs (skipped: ${BENCHMARKS} is missing)`;

const cache = new Map<string, IngestResult>();
function readSpec(file: string): IngestResult {
  let result = cache.get(file);
  if (result === undefined) {
    result = readOpenApi(readFileSync(`${BENCHMARKS}${file}`, 'utf8'), { source: file.replace(/^.*\/|\.json$/g, ''), file });
    cache.set(file, result);
  }
  return result;
}
function find(file: string, name: string): ToolModel {
  const found = readSpec(file).tools.find((t) => t.name === name);
  if (found === undefined) throw new Error(`${file} has no ${name}`);
  return found;
}
const paths = (fields: readonly { path: string }[] | undefined) => fields?.map((f) => f.path) ?? [];

describe.skipIf(!present)(title, () => {
  it.each([
    ['specs/petstore3.json', 19],
    ['specs/github_subset.json', 58],
    ['specs/ecommerce.json', 46],
    ['specs/k8s_core_v1.json', 248],
    ['xgen_tool_graph/admin_openapi.json', 6],
    ['xgen_tool_graph/commerce_openapi.json', 11],
    ['xgen_tool_graph/workflow_openapi.json', 5],
  ])('%s gives %i tools with unique declared names and no diagnostics', (file, count) => {
    const result = readSpec(file);
    expect(result.diagnostics).toStrictEqual([]);
    expect(result.tools).toHaveLength(count);
    expect(new Set(result.tools.map((t) => t.name)).size).toBe(count);
    expect(result.tools.every((t) => t.kind === 'openapi' && t.openapi?.generatedOperationId === false && t.name === t.openapi.operationId)).toBe(true);
    expect(result.tools.every((t) => JSON.stringify(t.annotations) === '{}')).toBe(true);
  });

  it('petstore getPetById: GET /pet/{petId}, a required path parameter, the Pet fields it produces', () => {
    const tool = find('specs/petstore3.json', 'getPetById');
    expect([tool.openapi?.method, tool.openapi?.path, tool.title]).toStrictEqual(['GET', '/pet/{petId}', 'Find pet by ID.']);
    expect(tool.parameters).toStrictEqual([{ name: 'petId', in: 'path', required: true, type: 'integer', description: 'ID of pet to return' }]);
    expect(tool.openapi?.consumes).toStrictEqual([{ name: 'petId', path: 'path.petId', type: 'integer' }]);
    expect(tool.openapi?.produces.map((f) => f.name)).toEqual(expect.arrayContaining(['id', 'name', 'status']));
    expect(tool.openapi?.produces.find((f) => f.path === 'response.status')).toStrictEqual({
      name: 'status',
      path: 'response.status',
      type: 'string',
      schema: 'Pet',
    });
    expect(tool.openapi?.produces.find((f) => f.path === 'response.category.id')).toStrictEqual({
      name: 'id',
      path: 'response.category.id',
      type: 'integer',
      schema: 'Category',
    });
    expect([tool.openapi?.servers, tool.openapi?.security, tool.openapi?.tags, tool.openapi?.schemaRefs]).toStrictEqual([
      ['/api/v3'],
      ['api_key', 'petstore_auth'],
      ['pet'],
      ['Pet', 'Category', 'Tag'],
    ]);
  });

  it('petstore: request bodies by media type preference, arrays and binary uploads', () => {
    const addPet = find('specs/petstore3.json', 'addPet');
    expect(addPet.parameters.map((p) => [p.name, p.in, p.required])).toStrictEqual([
      ['id', 'body', false],
      ['name', 'body', true],
      ['category', 'body', false],
      ['photoUrls', 'body', true],
      ['tags', 'body', false],
      ['status', 'body', false],
    ]);
    expect(paths(addPet.openapi?.consumes)).toStrictEqual([
      'body.id',
      'body.name',
      'body.category.id',
      'body.category.name',
      'body.photoUrls[]',
      'body.tags[].id',
      'body.tags[].name',
      'body.status',
    ]);
    expect(find('specs/petstore3.json', 'uploadFile').parameters.at(-1)).toStrictEqual({ name: 'body', in: 'body', required: false, type: 'string' });
    expect(paths(find('specs/petstore3.json', 'createUsersWithListInput').openapi?.consumes).slice(0, 2)).toStrictEqual(['body[].id', 'body[].username']);
  });

  it('github subset: path parameters, body fields and servers', () => {
    const tool = find('specs/github_subset.json', 'createIssue');
    expect([tool.openapi?.method, tool.openapi?.path, tool.openapi?.servers]).toStrictEqual([
      'POST',
      '/repos/{owner}/{repo}/issues',
      ['https://api.github.com'],
    ]);
    expect(tool.parameters.map((p) => [p.name, p.in, p.required, p.type])).toStrictEqual([
      ['owner', 'path', true, 'string'],
      ['repo', 'path', true, 'string'],
      ['title', 'body', true, 'string'],
      ['body', 'body', false, 'string'],
      ['labels', 'body', false, 'array'],
      ['assignees', 'body', false, 'array'],
    ]);
  });

  it('e-commerce and xgen commerce: the fields that link tools (produces → consumes)', () => {
    expect(paths(find('specs/ecommerce.json', 'createUser').openapi?.consumes)).toStrictEqual(['body.email', 'body.name', 'body.phone']);
    expect(paths(find('xgen_tool_graph/commerce_openapi.json', 'searchProducts').openapi?.produces)).toStrictEqual([
      'response.items[].productId',
      'response.items[].productName',
      'response.items[].skuId',
      'response.items[].price',
    ]);
    expect(paths(find('xgen_tool_graph/commerce_openapi.json', 'getProductDetail').openapi?.consumes)).toContain('path.productId');
  });

  it('kubernetes core v1: 248 operations, every method, ObjectMeta fields named by their schema', () => {
    const tools = readSpec('specs/k8s_core_v1.json').tools;
    const methods = new Map<string, number>();
    for (const t of tools) methods.set(t.openapi?.method ?? '', (methods.get(t.openapi?.method ?? '') ?? 0) + 1);
    expect(Object.fromEntries(methods)).toStrictEqual({ GET: 108, POST: 28, DELETE: 35, PATCH: 32, PUT: 33, HEAD: 6, OPTIONS: 6 });
    const read = find('specs/k8s_core_v1.json', 'readCoreV1NamespacedPod');
    expect([read.openapi?.method, read.openapi?.path]).toStrictEqual(['GET', '/api/v1/namespaces/{namespace}/pods/{name}']);
    expect(read.parameters.map((p) => [p.name, p.in, p.required])).toStrictEqual([
      ['name', 'path', true],
      ['namespace', 'path', true],
      ['pretty', 'query', false],
    ]);
    expect(read.openapi?.produces.find((f) => f.path === 'response.metadata.name')).toStrictEqual({
      name: 'name',
      path: 'response.metadata.name',
      type: 'string',
      schema: 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta',
    });
    expect(read.openapi?.schemaRefs.slice(0, 2)).toStrictEqual(['io.k8s.api.core.v1.Pod', 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta']);
    // PATCH bodies: application/json-patch+json is the first application/*+json type listed
    const patch = find('specs/k8s_core_v1.json', 'patchCoreV1NamespacedPod');
    expect(patch.parameters.at(-1)).toStrictEqual({
      name: 'body',
      in: 'body',
      required: true,
      type: 'object',
      description: 'Patch is provided to give a concrete name and type to the Kubernetes PATCH request body.',
    });
    expect(patch.openapi?.consumes.at(-1)).toStrictEqual({ name: 'body', path: 'body', type: 'object', schema: 'io.k8s.apimachinery.pkg.apis.meta.v1.Patch' });
  });

  it('kubernetes core v1: every document-bound schema stays bounded (time: benchmarks/linear-time.ts)', () => {
    const text = readFileSync(`${BENCHMARKS}specs/k8s_core_v1.json`, 'utf8');
    const result: IngestResult | undefined = readOpenApi(text, { source: 'k8s' });
    expect(result?.tools).toHaveLength(248);
    for (const tool of result?.tools ?? []) {
      expect(JSON.stringify(tool.inputSchema).length).toBeLessThan(100_000);
      expect(JSON.stringify(tool.outputSchema ?? {}).length).toBeLessThan(100_000);
    }
  });
});
