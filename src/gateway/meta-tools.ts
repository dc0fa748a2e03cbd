// The gateway's meta-tools as MCP tool definitions: names, descriptions written for an LLM, JSON
// input schemas and annotations. Their implementations are in tool-calls.ts and graph-calls.ts.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';

export const object = (properties: Record<string, object>, required: string[] = []): Tool['inputSchema'] => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});
export const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

export const META_TOOLS: Tool[] = [
  {
    name: 'search_tools',
    title: 'Search tools',
    description:
      'Find the tools that can do what you describe, among every tool of every connected MCP server. Describe the task in plain words ("delete a file", "list open pull requests"). Returns ranked tools with a calibrated confidence (the probability the tool is right), the required arguments, MCP annotations, evidence, related and next-step tools, and diagnostics (a low confidence, or a server that is down). Then read one schema with get_tool_schema and call it with call_tool.',
    inputSchema: object(
      {
        query: { type: 'string', minLength: 1, maxLength: 10000, description: 'What you want to do, in plain words.' },
        limit: { type: 'integer', minimum: 1, maximum: 50, default: 5, description: 'How many tools to return.' },
        source: { type: 'string', description: 'Only tools of this server (source id).' },
        prerequisites: {
          type: 'boolean',
          description: 'true: after each tool, the tools it requires first (marked prerequisiteOf), e.g. the lookup that gives the id it takes.',
        },
      },
      ['query'],
    ),
    annotations: { title: 'Search tools', ...READ },
  },
  {
    name: 'get_tool_schema',
    title: 'Get a tool schema',
    description:
      'The full input schema, output schema and description of one tool, by id (tool:<source>/<name>), <source>/<name>, or an unambiguous bare name. On a miss, suggests close names.',
    inputSchema: object({ tool: { type: 'string', minLength: 1, description: 'The tool id from search_tools.' } }, ['tool']),
    annotations: { title: 'Get a tool schema', ...READ },
  },
  {
    name: 'call_tool',
    title: 'Call a tool',
    description:
      "Calls a tool of a connected server through the gateway. The arguments are checked against the tool's JSON Schema first; a problem comes back as a list, nothing is sent. A destructive tool (destructiveHint) runs only once the user confirms it: the gateway asks the user when the client supports MCP elicitation, otherwise call again with confirm: true. The server's result is returned with a last line naming the tool that ran. A server that fails, hangs or is down gives an error result naming it; the gateway keeps serving. On an unknown name, suggests close names.",
    inputSchema: object(
      {
        tool: { type: 'string', minLength: 1, description: 'The tool id (tool:<source>/<name>), <source>/<name>, or an unambiguous bare name.' },
        arguments: { type: 'object', description: "The tool's arguments, as its input schema says." },
        confirm: { type: 'boolean', description: 'true to run a destructive tool when the client cannot ask its user (no MCP elicitation).' },
      },
      ['tool'],
    ),
    annotations: { title: 'Call a tool', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  },
  {
    name: 'plan_tools',
    title: 'Plan the tool calls of a request',
    description:
      "The tools a request needs, in the order to call them: the target tool of each step of the request, and before it the tools whose results it needs (prerequisites), with which result field feeds which parameter (bindings: s1 response[].id -> s2 path.petId), the arguments already known from the request, the values to ask the user for (missing), and tools often run before or after (optional). Nothing is called: run each step with call_tool, filling each binding from the earlier step's result.",
    inputSchema: object(
      {
        request: {
          type: 'string',
          minLength: 1,
          maxLength: 10000,
          description: 'What you want to do, in plain words, with the values you know ("upload a photo of pet 42").',
        },
        target: {
          type: 'string',
          minLength: 1,
          maxLength: 1000,
          description: 'Plan for this tool (id from search_tools) instead of searching for the targets.',
        },
        max_depth: { type: 'integer', minimum: 0, maximum: 10, default: 3, description: 'Levels of prerequisites below a target.' },
        known: { type: 'object', description: 'Values you already have, by parameter name ({"siteNo": "10001"}): they need no producer.' },
        explain: { type: 'boolean', description: 'true: every candidate producer of each parameter, in ranked order.' },
      },
      ['request'],
    ),
    annotations: { title: 'Plan tool calls', ...READ },
  },
  {
    name: 'graph_schema',
    title: 'Knowledge graph schema',
    description:
      'What the knowledge graph holds: classes with instance counts, predicates with literal/resource object counts, and prefixes usable in graph_query without PREFIX lines.',
    inputSchema: object({}),
    annotations: { title: 'Knowledge graph schema', ...READ },
  },
  {
    name: 'graph_query',
    title: 'Query the knowledge graph (SPARQL)',
    description:
      'Runs a read-only SPARQL query (SELECT, ASK, CONSTRUCT, DESCRIBE) on the knowledge graph. Default prefixes (schema:, mdkg:, tool:, …) need no PREFIX lines. Results are SPARQL JSON (or N-Quads for graphs); unknown terms come back as warnings with suggestions. Updates and SERVICE to endpoints not allowed are refused.',
    inputSchema: object(
      {
        sparql: { type: 'string', minLength: 1, description: 'The query.' },
        limit: { type: 'integer', minimum: 0, maximum: 10000, description: 'Most rows or triples (default 1000).' },
        timeout_ms: { type: 'integer', minimum: 1, maximum: 60000, description: 'Time budget (default 10000 ms).' },
      },
      ['sparql'],
    ),
    annotations: { title: 'Query the knowledge graph', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  },
  {
    name: 'graph_search',
    title: 'Search the knowledge graph',
    description:
      'Finds nodes of the knowledge graph (concepts, documents, tools) by words, with the predicates that matched, related nodes, and the SPARQL that reproduces it.',
    inputSchema: object({ query: { type: 'string', minLength: 1, maxLength: 10000 }, limit: { type: 'integer', minimum: 1, maximum: 100 } }, ['query']),
    annotations: { title: 'Search the knowledge graph', ...READ },
  },
  {
    name: 'graph_export',
    title: 'Export the knowledge graph',
    description:
      'The knowledge graph, or one document of it (node: its id, e.g. concept:federation-allowlist or tool:memory/create_entities), as Turtle (ttl), N-Quads (nq), JSON-LD (jsonld), or a Mermaid or DOT diagram. Output is capped at 1 MB; a cut output says so.',
    inputSchema: object({ format: { type: 'string', enum: ['ttl', 'nq', 'jsonld', 'mermaid', 'dot'] }, node: { type: 'string', minLength: 1 } }, ['format']),
    annotations: { title: 'Export the knowledge graph', ...READ },
  },
  {
    name: 'index_status',
    title: 'Index status',
    description:
      "The state of the gateway: documents, triples, tools per source, each downstream server's state (connected, connecting, down with its last error and retry time), and the last build.",
    inputSchema: object({}),
    annotations: { title: 'Index status', ...READ },
  },
  {
    name: 'index_build',
    title: 'Rebuild the index',
    description:
      'Reloads the knowledge graph, rebuilds the search index and reconnects every downstream server (a server left down after repeated failures gets a fresh start). Returns counts, timings and diagnostics.',
    inputSchema: object({}),
    annotations: { title: 'Rebuild the index', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
  {
    name: 'learn_pair',
    title: 'Learn a term → tool or symbol pair',
    description:
      'Remember that a term in plain words means a tool or code symbol, once you have confirmed it in the code ("forget someone" → tool:memory/delete_entities, "login" → code:src/auth.ts#AuthService.signIn). code_evidence is required: the file and line, doc comment or call site that shows it. The pair is written as a reviewable document under graphs/learned/; search_tools then ranks the target for requests with the term, until the pair expires (30 days by default) or the target changes. Check first with validate_symbol_relevance.',
    inputSchema: object(
      {
        term: { type: 'string', minLength: 1, maxLength: 200, description: 'The words a request uses.' },
        target: {
          type: 'string',
          minLength: 1,
          maxLength: 1000,
          description: 'The tool id (tool:<source>/<name>), symbol id (code:<path>#<qualified name>), or a name only one node has.',
        },
        code_evidence: { type: 'string', maxLength: 2000, description: 'The code that shows the term means the target (required).' },
      },
      ['term', 'target'],
    ),
    annotations: { title: 'Learn a pair', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  },
  {
    name: 'validate_symbol_relevance',
    title: 'Validate symbol relevance',
    description:
      'Before relying on symbols or tools found for a term, check that the term means them: for each, a similarity in [0, 1] and a verdict (above 0.6 accepted; 0.3 to 0.6 accepted with risk HIGH; below 0.3 rejected, with the searches to run next), plus the learned pairs that match the term.',
    inputSchema: object(
      {
        term: { type: 'string', minLength: 1, maxLength: 200, description: 'The words of the request.' },
        symbols: {
          type: 'array',
          minItems: 1,
          maxItems: 50,
          items: { type: 'string', minLength: 1, maxLength: 1000 },
          description: 'Symbol or tool ids (code:<path>#<name>, tool:<source>/<name>) or names only one node has.',
        },
      },
      ['term', 'symbols'],
    ),
    annotations: { title: 'Validate symbol relevance', ...READ },
  },
];
