export { readOpenApi } from './read-openapi.js';
export type { ReadOpenApiOptions } from './read-openapi.js';
