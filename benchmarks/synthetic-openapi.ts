/**
 * Deterministic synthetic OpenAPI 3.0 spec for the generation benchmark. Same (operations, seed)
 * gives the same object and the same JSON text. Shaped like a large REST API: resources with
 * CRUD on a collection and its items, a status sub-resource, two child collections with their items,
 * an action and RPC-style `search` / `export` endpoints, 20 operations per resource. Component
 * schemas per resource (item, input, list, status, children) reference each other and shared schemas
 * (`Metadata`, `Tag`, `Condition`, `Error`) through `$ref`; shared parameters and responses are
 * `$ref`s too. Items reference other resources by `<resource>Id`, so field matching has work to do.
 * About 3 % of operations have no operationId (a stable one is generated).
 */
import { prng } from './synthetic-tools.js';

/** Operations per resource (see `resourcePaths`). */
export const OPS_PER_RESOURCE = 20;

const DOMAINS = [
  'billing',
  'catalog',
  'customer',
  'shipping',
  'support',
  'identity',
  'analytics',
  'inventory',
  'marketing',
  'payroll',
  'project',
  'storage',
  'network',
  'compute',
  'security',
  'content',
  'media',
  'search',
  'workflow',
  'finance',
];
const NOUNS = [
  'account',
  'invoice',
  'order',
  'product',
  'shipment',
  'ticket',
  'user',
  'group',
  'report',
  'campaign',
  'employee',
  'task',
  'bucket',
  'volume',
  'instance',
  'policy',
  'article',
  'asset',
  'pipeline',
  'ledger',
  'contract',
  'device',
  'region',
  'plan',
  'quota',
];
const CHILDREN = ['comment', 'attachment', 'member', 'version', 'event', 'note', 'label', 'permission', 'webhook', 'approval', 'review', 'snapshot'];
const WORDS = [
  'the',
  'a',
  'selected',
  'current',
  'workspace',
  'project',
  'given',
  'matching',
  'all',
  'one',
  'new',
  'existing',
  'remote',
  'local',
  'with',
  'from',
  'into',
  'for',
  'by',
  'status',
  'owner',
  'metadata',
  'content',
  'permissions',
  'history',
  'details',
  'filters',
  'range',
  'limit',
  'cursor',
  'returns',
  'optionally',
  'including',
  'when',
  'available',
  'page',
  'results',
  'fields',
  'identifier',
  'request',
  'caller',
  'server',
  'version',
  'conflict',
  'retry',
  'order',
  'list',
];
const EXTRA_FIELDS: ReadonlyArray<[string, Record<string, unknown>]> = [
  ['amount', { type: 'number', format: 'double' }],
  ['currency', { type: 'string', enum: ['EUR', 'USD', 'KRW', 'JPY'] }],
  ['count', { type: 'integer', format: 'int32' }],
  ['enabled', { type: 'boolean' }],
  ['priority', { type: 'integer', minimum: 0, maximum: 10 }],
  ['region', { type: 'string' }],
  ['expiresAt', { type: 'string', format: 'date-time' }],
  ['email', { type: 'string', format: 'email' }],
  ['url', { type: 'string', format: 'uri' }],
  ['weight', { type: 'number' }],
  ['notes', { type: 'string', maxLength: 2000 }],
  ['visibility', { type: 'string', enum: ['public', 'private', 'internal'] }],
];

export interface SyntheticSpec {
  spec: Record<string, unknown>;
  operations: number;
  resources: number;
}

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const plural = (s: string): string =>
  s.endsWith('y') && !/[aeiou]y$/.test(s) ? `${s.slice(0, -1)}ies` : s.endsWith('s') || s.endsWith('x') || s.endsWith('ch') ? `${s}es` : `${s}s`;
const kebab = (s: string): string => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const ref = (name: string): { $ref: string } => ({ $ref: `#/components/schemas/${name}` });

interface Resource {
  /** camelCase, e.g. `billingInvoice` */
  name: string;
  /** PascalCase schema name */
  schema: string;
  /** `/v1/billing-invoices` */
  path: string;
  param: string;
  tag: string;
  children: [string, string];
  /** Names of the resources items of this one refer to. */
  refersTo: string[];
}

/** A spec with `operations` operations (rounded up to whole resources of OPS_PER_RESOURCE). */
export function syntheticOpenApi(operations: number, seed = 7): SyntheticSpec {
  const rand = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const sentence = (min: number, max: number): string => {
    const n = min + Math.floor(rand() * (max - min + 1));
    const out: string[] = [];
    for (let i = 0; i < n; i += 1) out.push(pick(WORDS));
    return `${cap(out.join(' '))}.`;
  };
  const count = Math.max(1, Math.ceil(operations / OPS_PER_RESOURCE));

  // Resource names: domain x noun, in a seeded order; plain nouns first so small specs stay readable.
  const names: string[] = [...NOUNS];
  for (const d of DOMAINS) for (const n of NOUNS) names.push(`${d}${cap(n)}`);
  for (let i = names.length - 1; i > NOUNS.length; i -= 1) {
    const j = NOUNS.length + Math.floor(rand() * (i - NOUNS.length + 1));
    [names[i], names[j]] = [names[j] as string, names[i] as string];
  }
  if (count > names.length) throw new Error(`at most ${names.length * OPS_PER_RESOURCE} operations`);
  const resources: Resource[] = names.slice(0, count).map((name, i) => {
    const first = CHILDREN[i % CHILDREN.length] as string;
    let second = pick(CHILDREN);
    if (second === first) second = CHILDREN[(i + 5) % CHILDREN.length] as string;
    return {
      name,
      schema: cap(name),
      path: `/v1/${kebab(plural(name))}`,
      param: `${name}Id`,
      tag: name.replace(/[A-Z].*$/, ''),
      children: [first, second],
      refersTo: [],
    };
  });
  for (const r of resources) {
    const k = 1 + Math.floor(rand() * 2);
    for (let i = 0; i < k; i += 1) {
      const other = pick(resources);
      if (other !== r && !r.refersTo.includes(other.name)) r.refersTo.push(other.name);
    }
  }

  const schemas: Record<string, unknown> = {
    Metadata: {
      type: 'object',
      description: 'Bookkeeping shared by every stored object.',
      properties: {
        labels: { type: 'object', additionalProperties: { type: 'string' }, description: 'Key/value labels used to select objects.' },
        annotations: { type: 'object', additionalProperties: { type: 'string' } },
        version: { type: 'integer', format: 'int64', description: 'Incremented on every change; send it back to detect conflicts.' },
        etag: { type: 'string' },
        createdAt: { type: 'string', format: 'date-time' },
        updatedAt: { type: 'string', format: 'date-time' },
      },
    },
    Tag: { type: 'object', required: ['key'], properties: { key: { type: 'string' }, value: { type: 'string' } } },
    Condition: {
      type: 'object',
      required: ['type', 'status'],
      properties: {
        type: { type: 'string' },
        status: { type: 'string', enum: ['True', 'False', 'Unknown'] },
        reason: { type: 'string' },
        message: { type: 'string' },
        lastTransitionTime: { type: 'string', format: 'date-time' },
      },
    },
    Error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        details: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, issue: { type: 'string' } } } },
      },
    },
  };
  const parameters: Record<string, unknown> = {
    Limit: {
      name: 'limit',
      in: 'query',
      required: false,
      description: 'Largest number of items to return.',
      schema: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
    },
    Cursor: { name: 'cursor', in: 'query', required: false, description: 'Opaque cursor from `nextCursor` of the previous page.', schema: { type: 'string' } },
    IfMatch: { name: 'If-Match', in: 'header', required: false, description: 'Only act when the stored etag matches.', schema: { type: 'string' } },
    RequestId: {
      name: 'X-Request-Id',
      in: 'header',
      required: false,
      description: 'Caller-chosen id echoed in logs.',
      schema: { type: 'string', format: 'uuid' },
    },
  };
  const responses: Record<string, unknown> = {
    BadRequest: { description: 'The request is malformed.', content: { 'application/json': { schema: ref('Error') } } },
    NotFound: { description: 'No such object.', content: { 'application/json': { schema: ref('Error') } } },
    Conflict: { description: 'The object changed since it was read.', content: { 'application/problem+json': { schema: ref('Error') } } },
  };
  const paths: Record<string, Record<string, unknown>> = {};
  let opCount = 0;

  const json = (schema: unknown): Record<string, unknown> => ({ 'application/json': { schema } });
  const ok = (schema: unknown, code = '200', text = 'OK'): Record<string, unknown> => ({
    [code]: { description: text, content: json(schema) },
    '400': { $ref: '#/components/responses/BadRequest' },
    default: { description: 'Unexpected error.', content: json(ref('Error')) },
  });
  const pathParam = (name: string, what: string): Record<string, unknown> => ({
    name,
    in: 'path',
    required: true,
    description: `Identifier of the ${what}.`,
    schema: { type: 'string', format: 'uuid' },
  });
  const op = (r: Resource, id: string, summary: string, extra: Record<string, unknown>): Record<string, unknown> => {
    opCount += 1;
    const o: Record<string, unknown> = { tags: [r.tag], summary, description: `${summary} ${sentence(8, 18)} ${sentence(6, 14)} ${sentence(6, 14)}` };
    if (rand() >= 0.03) o.operationId = id;
    o.externalDocs = { url: `https://docs.example.com/api/${r.tag}/${id}` };
    return { ...o, ...extra };
  };
  const addPath = (path: string, methods: Record<string, unknown>): void => {
    paths[path] = methods;
  };

  for (const r of resources) {
    const S = r.schema;
    const words = kebab(r.name).replace(/-/g, ' ');
    const props: Record<string, unknown> = {
      id: { type: 'string', format: 'uuid', readOnly: true, description: `Identifier of the ${words}.` },
      name: { type: 'string', description: `Display name of the ${words}.`, maxLength: 200 },
      description: { type: 'string', description: sentence(6, 12) },
      status: { type: 'string', enum: ['active', 'pending', 'archived'], default: 'pending' },
      metadata: ref('Metadata'),
      tags: { type: 'array', items: ref('Tag') },
    };
    for (const other of r.refersTo)
      props[`${other}Id`] = {
        type: 'string',
        format: 'uuid',
        description: `The ${kebab(other).replace(/-/g, ' ')} this ${words} belongs to. ${sentence(6, 12)}`,
      };
    const extras = 3 + Math.floor(rand() * 4);
    for (let i = 0; i < extras; i += 1) {
      const [name, schema] = pick(EXTRA_FIELDS);
      props[name] = { ...schema, description: `${sentence(4, 9)} ${sentence(4, 9)}` };
    }
    props.settings = {
      type: 'object',
      properties: {
        retention: { type: 'integer', description: 'Days kept.' },
        notify: { type: 'boolean' },
        mode: { type: 'string', enum: ['auto', 'manual'] },
      },
    };
    const input = Object.fromEntries(Object.entries(props).filter(([k]) => k !== 'id' && k !== 'metadata'));
    schemas[S] = { type: 'object', description: sentence(8, 16), required: ['id', 'name'], properties: props };
    schemas[`${S}Input`] = { type: 'object', required: ['name'], properties: input };
    schemas[`${S}List`] = {
      type: 'object',
      properties: { items: { type: 'array', items: ref(S) }, nextCursor: { type: 'string' }, total: { type: 'integer' } },
    };
    schemas[`${S}Status`] = {
      type: 'object',
      properties: {
        phase: { type: 'string', enum: ['Pending', 'Ready', 'Failed'] },
        conditions: { type: 'array', items: ref('Condition') },
        observedVersion: { type: 'integer', format: 'int64' },
      },
    };
    const item = `{${r.param}}`;
    const list = [{ $ref: '#/components/parameters/Limit' }, { $ref: '#/components/parameters/Cursor' }];
    const rp = pathParam(r.param, words);

    addPath(r.path, {
      get: op(r, `list${cap(plural(r.name))}`, `List ${plural(words)}.`, {
        parameters: [...list, { name: 'status', in: 'query', schema: { type: 'string', enum: ['active', 'pending', 'archived'] } }],
        responses: ok(ref(`${S}List`)),
      }),
      post: op(r, `create${S}`, `Create a ${words}.`, {
        parameters: [{ $ref: '#/components/parameters/RequestId' }],
        requestBody: { required: true, content: json(ref(`${S}Input`)) },
        responses: ok(ref(S), '201', 'Created'),
        security: [{ oauth: [`${r.tag}:write`] }],
      }),
    });
    addPath(`${r.path}/${item}`, {
      parameters: [rp],
      get: op(r, `get${S}`, `Get a ${words}.`, { responses: { ...ok(ref(S)), '404': { $ref: '#/components/responses/NotFound' } } }),
      put: op(r, `replace${S}`, `Replace a ${words}.`, {
        parameters: [{ $ref: '#/components/parameters/IfMatch' }],
        requestBody: { required: true, content: json(ref(`${S}Input`)) },
        responses: { ...ok(ref(S)), '409': { $ref: '#/components/responses/Conflict' } },
        security: [{ oauth: [`${r.tag}:write`] }],
      }),
      patch: op(r, `update${S}`, `Update fields of a ${words}.`, {
        requestBody: { content: { 'application/merge-patch+json': { schema: ref(`${S}Input`) } } },
        responses: ok(ref(S)),
        security: [{ oauth: [`${r.tag}:write`] }],
      }),
      delete: op(r, `delete${S}`, `Delete a ${words}.`, {
        parameters: [{ $ref: '#/components/parameters/IfMatch' }],
        responses: { '204': { description: 'Deleted.' }, '404': { $ref: '#/components/responses/NotFound' } },
        security: [{ oauth: [`${r.tag}:admin`] }],
      }),
    });
    addPath(`${r.path}/${item}/status`, {
      parameters: [rp],
      get: op(r, `get${S}Status`, `Read the status of a ${words}.`, { responses: ok(ref(`${S}Status`)) }),
      put: op(r, `replace${S}Status`, `Replace the status of a ${words}.`, {
        requestBody: { required: true, content: json(ref(`${S}Status`)) },
        responses: ok(ref(`${S}Status`)),
      }),
    });
    for (const [ci, child] of r.children.entries()) {
      const C = `${S}${cap(child)}`;
      const cwords = `${words} ${child}`;
      const cparam = `${child}Id`;
      schemas[C] = {
        type: 'object',
        description: sentence(6, 12),
        required: ['id'],
        properties: {
          id: { type: 'string', format: 'uuid', readOnly: true },
          [r.param]: { type: 'string', format: 'uuid', description: `The ${words} it belongs to.` },
          text: { type: 'string', description: `${sentence(4, 8)} ${sentence(4, 8)}` },
          authorId: { type: 'string', description: 'Who made it.' },
          createdAt: { type: 'string', format: 'date-time' },
          metadata: ref('Metadata'),
        },
      };
      schemas[`${C}List`] = { type: 'object', properties: { items: { type: 'array', items: ref(C) }, nextCursor: { type: 'string' } } };
      const cpath = `${r.path}/${item}/${kebab(plural(child))}`;
      addPath(cpath, {
        parameters: [rp],
        get: op(r, `list${S}${cap(plural(child))}`, `List the ${plural(child)} of a ${words}.`, { parameters: list, responses: ok(ref(`${C}List`)) }),
        post: op(r, `create${C}`, `Add a ${child} to a ${words}.`, {
          requestBody: { required: true, content: json(ref(C)) },
          responses: ok(ref(C), '201', 'Created'),
        }),
      });
      const itemMethods: Record<string, unknown> = {
        parameters: [rp, pathParam(cparam, cwords)],
        get: op(r, `get${C}`, `Get one ${child} of a ${words}.`, { responses: ok(ref(C)) }),
        delete: op(r, `delete${C}`, `Remove a ${child} from a ${words}.`, { responses: { '204': { description: 'Removed.' } } }),
      };
      // The first child collection's items can also be replaced: 3 + 2 item operations per resource.
      if (ci === 0)
        itemMethods.put = op(r, `replace${C}`, `Replace one ${child} of a ${words}.`, {
          requestBody: { required: true, content: json(ref(C)) },
          responses: ok(ref(C)),
        });
      addPath(`${cpath}/{${cparam}}`, itemMethods);
    }
    addPath(`${r.path}/${item}/archive`, {
      parameters: [rp],
      post: op(r, `archive${S}`, `Archive a ${words}.`, { responses: ok(ref(S)) }),
    });
    addPath(`${r.path}/search`, {
      post: op(r, `search${cap(plural(r.name))}`, `Search ${plural(words)} by fields.`, {
        requestBody: {
          content: json({
            type: 'object',
            properties: { query: { type: 'string' }, filters: { type: 'array', items: ref('Tag') }, limit: { type: 'integer' } },
          }),
        },
        responses: ok(ref(`${S}List`)),
      }),
    });
    addPath(`${r.path}/export`, {
      get: op(r, `export${cap(plural(r.name))}`, `Export ${plural(words)} as CSV.`, {
        parameters: [{ name: 'format', in: 'query', schema: { type: 'string', enum: ['csv', 'ndjson'] } }],
        responses: { '200': { description: 'The file.', content: { 'text/csv': { schema: { type: 'string' } } } } },
      }),
    });
  }

  const spec = {
    openapi: '3.0.3',
    info: { title: 'Synthetic platform API', version: '1.0.0', description: 'Generated for the mdkg generation benchmark.' },
    servers: [{ url: 'https://api.example.com' }, { url: 'https://{region}.api.example.com', variables: { region: { default: 'eu' } } }],
    security: [{ bearer: [] }],
    tags: [...new Set(resources.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://auth.example.com/token', scopes: {} } } },
      },
      parameters,
      responses,
      schemas,
    },
  };
  return { spec, operations: opCount, resources: resources.length };
}
