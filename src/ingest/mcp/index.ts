export { convertMcpTools, type ConvertContext } from './convert.js';
export { readableType } from './parameters.js';
export { DEFAULT_MAX_TOOL_LIST_BYTES, readMcpToolList, readMcpToolListFile, type ReadToolListOptions } from './read-tool-list.js';
export { DEFAULT_LIVE_TIMEOUT_MS, MAX_TOOL_PAGES, listLiveTools, type ListLiveToolsOptions } from './live.js';
export { checkServerConfig, describeServer, type HttpServerConfig, type LiveServerConfig, type StdioServerConfig } from './live-transport.js';
export { MAX_SERVER_INSTRUCTIONS, MAX_SERVER_LABEL, serverWords, type ServerWords } from './server-words.js';
