// The MCP server of the gateway: lists the meta-tools, checks each call's arguments against the
// meta-tool's schema, and dispatches. One failing call never takes the gateway down.
import { noteOtherWork } from '../sparql/long-query-share.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { fileStructureCall, reindexCall, repoMapCall, searchBySymbolCall, searchCodeCall, similarPatternsCall } from './code-calls.js';
import { graphExport, graphQuery, graphSchema, graphSearchCall, indexBuild, indexStatus } from './graph-calls.js';
import type { Gateway, Session } from './gateway.js';
import { planTools } from './plan-calls.js';
import { learnPairCall, validateSymbolRelevanceCall } from './learned-calls.js';
import { listedTools } from './listing.js';
import { profileOf } from './profiles.js';
import { withReadiness } from './readiness.js';
import { samplingRewriter } from './sampling.js';
import { listResources, readResource } from './resources.js';
import { callTool, fail, getToolSchema, searchTools } from './tool-calls.js';
import { checkArguments } from './validate.js';
import { PACKAGE_VERSION } from '../version.js';

type Handler = (gw: Gateway, args: never, session: Session) => Promise<CallToolResult> | CallToolResult;

const HANDLERS = new Map<string, Handler>([
  ['search_tools', searchTools],
  ['plan_tools', planTools],
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

/**
 * One MCP server object per client (stdio, or each HTTP session), registered as a session of the
 * gateway while it is open: it hears about regenerated documents, and a client that offers
 * sampling gets its own rewriter (serve.normalize). `profile` names its serve profile (an HTTP
 * token's); without it, the top level's. The profile is read from the config at each request.
 */
export function createGatewayServer(gw: Gateway, log: (line: string) => void, profile?: string): Server {
  const server = new Server(
    { name: 'mdkg', version: PACKAGE_VERSION },
    {
      capabilities: { tools: { listChanged: true }, resources: { listChanged: true } },
      instructions:
        'mdkg is a gateway to many MCP tools: describe the task to search_tools, read the chosen tool with get_tool_schema, then call it with call_tool. graph_* tools query the knowledge graph; search_code, search_by_symbol, get_file_structure, get_repo_map and get_similar_patterns search the code of the repository.',
    },
  );
  const session: Session = { server, normalized: new Map(), ...(profile === undefined ? {} : { profile }) };
  const tools = (sources = true) => listedTools(gw, profileOf(gw.config, profile), sources);
  // What this client was last listed: tools/list_changed is sent when that changes (sources, counts).
  let listed: string | undefined;
  session.refreshTools = () => {
    if (listed === undefined || JSON.stringify(tools()) === listed) return;
    listed = undefined;
    void server.sendToolListChanged().catch(() => undefined);
  };
  gw.sessions.add(session);
  server.oninitialized = () => {
    if (server.getClientCapabilities()?.sampling !== undefined) session.sampler = samplingRewriter(server);
  };
  server.onclose = () => void gw.sessions.delete(session);
  server.setRequestHandler(ListToolsRequestSchema, () => {
    const list = tools();
    listed = JSON.stringify(list);
    return { tools: list };
  });
  server.setRequestHandler(ListResourcesRequestSchema, (request) => listResources(gw, request.params?.cursor));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => readResource(gw, request.params.uri));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args = {} } = request.params;
    if (name !== 'graph_query') noteOtherWork();
    const handler = HANDLERS.get(name);
    const offered = tools(false);
    const tool = offered.find((t) => t.name === name);
    if (handler === undefined || tool === undefined) return fail(`unknown tool '${name}': the gateway's tools are ${offered.map((t) => t.name).join(', ')}`);
    const checked = checkArguments(`meta/${name}`, tool.inputSchema, args);
    if ('unusable' in checked) return fail(`MDKG_SCHEMA_UNUSABLE ${name}: ${checked.unusable}`, { code: 'MDKG_SCHEMA_UNUSABLE' });
    const { problems } = checked;
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
