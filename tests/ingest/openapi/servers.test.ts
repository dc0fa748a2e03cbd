import { describe, expect, it } from 'vitest';
import { read, spec30, tool } from './helpers.js';

const opServers = (spec: Record<string, unknown>) => read(spec).tools.map((t) => [t.name, t.openapi?.servers]);
const opSecurity = (spec: Record<string, unknown>) => read(spec).tools.map((t) => [t.name, t.openapi?.security]);

describe('readOpenApi: servers and security', () => {
  it('takes 3.x servers from the operation, else the path item, else the root, filling variables with their defaults', () => {
    const spec = {
      ...spec30({
        '/a': {
          servers: [{ url: 'https://path.example.com' }],
          get: { operationId: 'pathLevel', responses: {} },
          post: { operationId: 'opLevel', servers: [{ url: '/relative' }, { url: 'https://op.example.com' }, { url: '/relative' }], responses: {} },
        },
        '/b': { get: { operationId: 'rootLevel', responses: {} } },
      }),
      servers: [
        { url: 'https://{region}.example.com:{port}/{v}', variables: { region: { default: 'eu', enum: ['eu', 'us'] }, port: { default: 8443 } } },
        { nope: 1 },
        'x',
      ],
    };
    expect(opServers(spec)).toStrictEqual([
      ['pathLevel', ['https://path.example.com']],
      ['opLevel', ['/relative', 'https://op.example.com']],
      ['rootLevel', ['https://eu.example.com:8443/{v}']],
    ]);
  });

  it.each([
    [{ host: 'api.x.io', basePath: '/v2', schemes: ['https', 'http'] }, undefined, ['https://api.x.io/v2', 'http://api.x.io/v2']],
    [{ host: 'api.x.io', basePath: '/v2', schemes: ['https', 'http'] }, ['wss'], ['wss://api.x.io/v2']],
    [{ host: 'api.x.io' }, undefined, ['https://api.x.io']],
    [{ basePath: '/v2' }, undefined, ['/v2']],
    [{}, undefined, []],
  ])('builds 2.0 servers from %j (operation schemes %j)', (root, schemes, expected) => {
    const spec = { swagger: '2.0', ...root, paths: { '/a': { get: { operationId: 'op', ...(schemes === undefined ? {} : { schemes }), responses: {} } } } };
    expect(opServers(spec)).toStrictEqual([['op', expected]]);
  });

  it('takes security from the operation, else the root; [] means none; optional {} adds nothing', () => {
    const spec = {
      ...spec30({
        '/a': {
          get: { operationId: 'inherits', responses: {} },
          post: { operationId: 'none', security: [], responses: {} },
          put: { operationId: 'own', security: [{ oauth: ['write'] }, {}, { key: [], oauth: [] }], responses: {} },
          patch: { operationId: 'junk', security: 'x', responses: {} },
        },
      }),
      security: [{ key: [] }, { basic: [] }],
    };
    expect(opSecurity(spec)).toStrictEqual([
      ['inherits', ['key', 'basic']],
      ['none', []],
      ['own', ['oauth', 'key']],
      ['junk', []],
    ]);
  });

  it('has no servers or security when the spec declares none', () => {
    const op = tool(read(spec30({ '/a': { get: { operationId: 'op', responses: {} } } })), 'op');
    expect([op.openapi?.servers, op.openapi?.security]).toStrictEqual([[], []]);
  });
});
