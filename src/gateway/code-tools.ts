// The code meta-tools as MCP tool definitions: search_code, search_by_symbol, get_file_structure,
// get_repo_map, and reindex_codebase (listed only when the gateway was started with --code-root).
import type { Tool } from '@modelcontextprotocol/sdk/types.js';

import { object, READ } from './meta-tools.js';
const PATH = { type: 'string', minLength: 1, maxLength: 4096 };

export const CODE_TOOLS: Tool[] = [
  {
    name: 'search_code',
    title: 'Search code',
    description:
      'Find the functions, classes and methods of this repository that do what you describe ("where is the SPARQL query made read-only") or that you name (loadGraph, tool-index.ts). Returns ranked symbols with file, start and end lines, kind, qualified name, signature, a short snippet from the doc comment, a confidence and the evidence. Read only those lines afterwards, not whole files.',
    inputSchema: object(
      {
        query: { type: 'string', minLength: 1, maxLength: 10000, description: 'What you look for, in plain words, or a symbol or file name.' },
        limit: { type: 'integer', minimum: 1, maximum: 100, default: 10, description: 'How many symbols to return.' },
        path: { ...PATH, description: 'Only symbols under this folder or file (relative to the repository root).' },
        kind: { type: 'string', minLength: 1, description: 'Only symbols of this kind: function, method, class, interface, type, enum, …' },
        by: {
          type: 'string',
          enum: ['symbol', 'file'],
          default: 'symbol',
          description: 'symbol: ranked symbols; file: ranked files (limit counts files), each with its best symbols and the request words in its path.',
        },
      },
      ['query'],
    ),
    annotations: { title: 'Search code', ...READ },
  },
  {
    name: 'search_by_symbol',
    title: 'Search by symbol name',
    description:
      'Look up symbols by name or qualified name (Class.method): exact (default), prefix, contains, or fuzzy (typos). Returns the same fields as search_code.',
    inputSchema: object(
      {
        name: { type: 'string', minLength: 1, maxLength: 1000 },
        mode: { type: 'string', enum: ['exact', 'prefix', 'contains', 'fuzzy'], default: 'exact' },
        limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
      },
      ['name'],
    ),
    annotations: { title: 'Search by symbol name', ...READ },
  },
  {
    name: 'get_file_structure',
    title: 'File structure',
    description:
      'The folders and files under a path (default the whole repository) with file and symbol counts, and per file its line count and top-level symbols. depth bounds the folder levels opened (default 3).',
    inputSchema: object({
      path: { ...PATH, description: 'A folder or file relative to the repository root.' },
      depth: { type: 'integer', minimum: 0, maximum: 50 },
    }),
    annotations: { title: 'File structure', ...READ },
  },
  {
    name: 'get_repo_map',
    title: 'Repository map',
    description:
      'The map to read first in an unfamiliar repository: its most important symbols (PageRank over calls and imports), grouped by file with line and signature, within a token budget. focus (files, folders or symbol names) leans the ranking towards what you work on.',
    inputSchema: object({
      budget_tokens: { type: 'integer', minimum: 64, maximum: 100000, default: 1024 },
      focus: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 4096 }, maxItems: 50 },
    }),
    annotations: { title: 'Repository map', ...READ },
  },
  {
    name: 'get_similar_patterns',
    title: 'Similar code',
    description:
      'Functions, methods and classes of this repository whose code looks like a snippet you give: the same shape even under other names (code tokens with names, numbers and strings abstracted) and the same identifiers. Use it to find how something is already done here before writing it again. Returns symbols with file, lines, a score in [0, 1] (the mean of Jaccard similarity and of the share of the snippet the symbol contains) and both parts.',
    inputSchema: object(
      {
        code_snippet: { type: 'string', minLength: 1, maxLength: 200000, description: 'The code to compare, in any language.' },
        limit: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
      },
      ['code_snippet'],
    ),
    annotations: { title: 'Similar code', ...READ },
  },
];

export const REINDEX_TOOL: Tool = {
  name: 'reindex_codebase',
  title: 'Reindex the codebase',
  description:
    'Regenerates the code documents of the repository incrementally (only changed files are parsed; documents of deleted files are removed) and reloads the graph, so code search sees the current source. Returns the counts (added, updated, removed, unchanged) and the time taken.',
  inputSchema: object({}),
  annotations: { title: 'Reindex the codebase', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
};
