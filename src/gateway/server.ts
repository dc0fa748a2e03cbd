// The MCP server of the gateway: lists the meta-tools, checks each call's arguments against the
// meta-tool's schema, and dispatches. One failing call never takes the gateway down.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { fileStructureCall, reindexCall, repoMapCall, searchBySymbolCall, searchCodeCall, similarPatternsCall } from './code-calls.js';
import { CODE_TOOLS, REINDEX_TOOL } from './code-tools.js';
import { graphExport, graphQuery, graphSchema, graphSearchCall, indexBuild, indexStatus } from './graph-calls.js';
import type { Gateway, Session } from './gateway.js';
import { learnPairCall, validateSymbolRelevanceCall } from './learned-calls.js';
import { META_TOOLS } from './meta-tools.js';
import { withReadiness } from './readiness.js';
import { samplingRewriter } from './sampling.js';
import { listResources, readResource } from './resources.js';
import { callTool, fail, getToolSchema, searchTools } from './tool-calls.js';
import { checkArguments } from './validate.js';

type Handler = (gw: Gateway, args: never, session: Session) => Promise<CallToolResult> | CallToolResult;

const HANDLERS = new Map<string, Handler>([
  ['search_tools', searchTools],
  ['get_tool_schema', getToolSchema],
  ['call_tool', callTool],
  ['graph_schema', graphSchema],
  ['graph_query', graphQuery],
  ['graph_search', graphSearchCall],
  ['graph_export', graphExport],
  ['index_status', indexStatus],
  ['index_build', indexBuild],
  ['search_code', searchCodeCall],
  ['search_by_symbol', searchBySymbolCall],
  ['get_file_structure', fileStructureCall],
  ['get_repo_map', repoMapCall],
  ['get_similar_patterns', similarPatternsCall],
  ['reindex_codebase', reindexCall],
  ['learn_pair', learnPairCall],
  ['validate_symbol_relevance', validateSymbolRelevanceCall],
]);

/** The meta-tools this gateway offers: reindex_codebase only with a code root. */
function metaTools(gw: Gateway): Tool[] {
  return [...META_TOOLS, ...CODE_TOOLS, ...(gw.codeRoot === undefined ? [] : [REINDEX_TOOL])];
}

/**
 * One MCP server object per client (stdio, or each HTTP session), registered as a session of the
 * gateway while it is open: it hears about regenerated documents, and a client that offers
 * sampling gets its own rewriter (serve.normalize).
 */
export function createGatewayServer(gw: Gateway, log: (line: string) => void): Server {
  const server = new Server(
    { name: 'mdkg', version: '0.1.0' },
    {
      capabilities: { tools: { listChanged: true }, resources: { listChanged: true } },
      instructions:
        'mdkg is a gateway to many MCP tools: describe the task to search_tools, read the chosen tool with get_tool_schema, then call it with call_tool. graph_* tools query the knowledge graph; search_code, search_by_symbol, get_file_structure, get_repo_map and get_similar_patterns search the code of the repository.',
    },
  );
  const session: Session = { server, normalized: new Map() };
  gw.sessions.add(session);
  server.oninitialized = () => {
    if (server.getClientCapabilities()?.sampling !== undefined) session.sampler = samplingRewriter(server);
  };
  server.onclose = () => void gw.sessions.delete(session);
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: metaTools(gw) }));
  server.setRequestHandler(ListResourcesRequestSchema, (request) => listResources(gw, request.params?.cursor));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => readResource(gw, request.params.uri));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args = {} } = request.params;
    const handler = HANDLERS.get(name);
    const tools = metaTools(gw);
    const tool = tools.find((t) => t.name === name);
    if (handler === undefined || tool === undefined) return fail(`unknown tool '${name}': the gateway's tools are ${tools.map((t) => t.name).join(', ')}`);
    const problems = checkArguments(`meta/${name}`, tool.inputSchema, args);
    if (problems.length > 0) return fail(`invalid arguments for ${name}: ${problems.join('; ')}`, { problems });
    try {
      return await withReadiness(gw, name, args, () => handler(gw, args as never, session));
    } catch (error) {
      log(`mdkg serve: ${name} failed: ${(error as Error).stack ?? String(error)}`);
      return fail(`${name} failed: ${(error as Error).message}`);
    }
  });
  return server;
}
