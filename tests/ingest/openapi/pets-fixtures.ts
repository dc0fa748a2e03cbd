import type { ToolModel } from '../../../src/ingest/types.js';

/** One small API written three ways: OpenAPI 3.0, OpenAPI 3.1 and Swagger 2.0 (YAML; tests derive the JSON). */
export const PETS_30 = `
openapi: 3.0.3
info: { title: Pets, version: '1' }
servers: [{ url: 'https://api.example.com/{base}', variables: { base: { default: v1 } } }]
security: [{ key: [] }]
paths:
  /pets:
    get:
      operationId: listPets
      summary: List pets
      tags: [pets]
      parameters:
        - { name: limit, in: query, description: How many, schema: { type: integer, default: 20 } }
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { type: array, items: { $ref: '#/components/schemas/Pet' } }
    post:
      summary: Create a pet
      tags: [pets]
      security: []
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Pet' }
      responses:
        '201':
          description: created
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Pet' }
  /pets/{petId}:
    parameters:
      - { name: petId, in: path, description: The pet id, schema: { type: string } }
    get:
      operationId: getPet
      description: Returns one pet.
      x-mdkg-hints: { aliases: [fetch pet], keywords: [animal, 7] }
      responses:
        default:
          description: error
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Error' }
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Pet' }
components:
  securitySchemes:
    key: { type: apiKey, in: header, name: X-Key }
  schemas:
    Pet:
      type: object
      required: [name]
      properties:
        id: { type: integer, format: int64 }
        name: { type: string }
        tag: { type: string }
    Error:
      type: object
      properties:
        code: { type: integer }
        message: { type: string }
`;

export const PETS_31 = PETS_30.replace('openapi: 3.0.3', 'openapi: 3.1.0');

export const PETS_20 = `
swagger: '2.0'
info: { title: Pets, version: '1' }
host: api.example.com
basePath: /v1
schemes: [https]
securityDefinitions:
  key: { type: apiKey, in: header, name: X-Key }
security: [{ key: [] }]
paths:
  /pets:
    get:
      operationId: listPets
      summary: List pets
      tags: [pets]
      parameters:
        - { name: limit, in: query, description: How many, type: integer, default: 20 }
      responses:
        '200':
          description: ok
          schema: { type: array, items: { $ref: '#/definitions/Pet' } }
    post:
      summary: Create a pet
      tags: [pets]
      security: []
      parameters:
        - { name: pet, in: body, required: true, schema: { $ref: '#/definitions/Pet' } }
      responses:
        '201':
          description: created
          schema: { $ref: '#/definitions/Pet' }
  /pets/{petId}:
    parameters:
      - { name: petId, in: path, description: The pet id, type: string }
    get:
      operationId: getPet
      description: Returns one pet.
      x-mdkg-hints: { aliases: [fetch pet], keywords: [animal, 7] }
      responses:
        default:
          description: error
          schema: { $ref: '#/definitions/Error' }
        '200':
          description: ok
          schema: { $ref: '#/definitions/Pet' }
definitions:
  Pet:
    type: object
    required: [name]
    properties:
      id: { type: integer, format: int64 }
      name: { type: string }
      tag: { type: string }
  Error:
    type: object
    properties:
      code: { type: integer }
      message: { type: string }
`;

const PET_SCHEMA = {
  type: 'object',
  required: ['name'],
  properties: { id: { type: 'integer', format: 'int64' }, name: { type: 'string' }, tag: { type: 'string' } },
};
const servers = ['https://api.example.com/v1'];
const petFields = (prefix: string) => [
  { name: 'id', path: `${prefix}.id`, type: 'integer', schema: 'Pet' },
  { name: 'name', path: `${prefix}.name`, type: 'string', schema: 'Pet' },
  { name: 'tag', path: `${prefix}.tag`, type: 'string', schema: 'Pet' },
];

/** What every flavour must read as. */
export const PETS_TOOLS: ToolModel[] = [
  {
    source: 'pets',
    name: 'listPets',
    kind: 'openapi',
    title: 'List pets',
    inputSchema: { type: 'object', properties: { limit: { type: 'integer', default: 20, description: 'How many' } } },
    outputSchema: { type: 'array', items: PET_SCHEMA },
    parameters: [{ name: 'limit', in: 'query', required: false, type: 'integer', default: 20, description: 'How many' }],
    annotations: {},
    hints: {},
    openapi: {
      method: 'GET',
      path: '/pets',
      operationId: 'listPets',
      generatedOperationId: false,
      tags: ['pets'],
      servers,
      security: ['key'],
      consumes: [{ name: 'limit', path: 'query.limit', type: 'integer' }],
      produces: petFields('response[]'),
      schemaRefs: ['Pet'],
    },
  },
  {
    source: 'pets',
    name: 'post_pets',
    kind: 'openapi',
    title: 'Create a pet',
    inputSchema: { type: 'object', properties: PET_SCHEMA.properties, required: ['name'] },
    outputSchema: PET_SCHEMA,
    parameters: [
      { name: 'id', in: 'body', required: false, type: 'integer' },
      { name: 'name', in: 'body', required: true, type: 'string' },
      { name: 'tag', in: 'body', required: false, type: 'string' },
    ],
    annotations: {},
    hints: {},
    openapi: {
      method: 'POST',
      path: '/pets',
      operationId: 'post_pets',
      generatedOperationId: true,
      tags: ['pets'],
      servers,
      security: [],
      consumes: petFields('body'),
      produces: petFields('response'),
      schemaRefs: ['Pet'],
    },
  },
  {
    source: 'pets',
    name: 'getPet',
    kind: 'openapi',
    description: 'Returns one pet.',
    inputSchema: { type: 'object', properties: { petId: { type: 'string', description: 'The pet id' } }, required: ['petId'] },
    outputSchema: PET_SCHEMA,
    parameters: [{ name: 'petId', in: 'path', required: true, type: 'string', description: 'The pet id' }],
    annotations: {},
    hints: { aliases: ['fetch pet'], keywords: ['animal'] },
    openapi: {
      method: 'GET',
      path: '/pets/{petId}',
      operationId: 'getPet',
      generatedOperationId: false,
      tags: [],
      servers,
      security: ['key'],
      consumes: [{ name: 'petId', path: 'path.petId', type: 'string' }],
      produces: petFields('response'),
      schemaRefs: ['Pet'],
    },
  },
];
