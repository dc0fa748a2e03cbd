import { escapeForTerminal } from './util/terminal-text.js';

/** Every error code mdkg raises or reports. Codes are stable: tools may match on them. */
export type MdkgCode =
  // input files and documents
  | 'MDKG_FILE_READ'
  | 'MDKG_FILE_WRITE'
  | 'MDKG_FILE_TOO_LARGE'
  | 'MDKG_BINARY_FILE'
  | 'MDKG_YAML_INVALID'
  | 'MDKG_FRONT_MATTER_NOT_OBJECT'
  | 'MDKG_JSON_INVALID'
  | 'MDKG_JSONLD_INVALID'
  | 'MDKG_JSONLD_DROPPED_TERM'
  | 'MDKG_UNKNOWN_PREFIX'
  | 'MDKG_REMOTE_CONTEXT'
  | 'MDKG_DUPLICATE_ID'
  | 'MDKG_INVALID_ID'
  | 'MDKG_UNRESOLVED_LINK'
  | 'MDKG_CACHE_CORRUPT'
  | 'MDKG_PATH_ESCAPE'
  | 'MDKG_TOO_MANY_DIAGNOSTICS'
  // SPARQL
  | 'MDKG_SPARQL_SYNTAX'
  | 'MDKG_SPARQL_READ_ONLY'
  | 'MDKG_SPARQL_SERVICE_DENIED'
  | 'MDKG_SPARQL_TIMEOUT'
  | 'MDKG_SPARQL_UNKNOWN_TERM'
  | 'MDKG_SPARQL_FAILED'
  | 'MDKG_FETCH_DENIED'
  // tool sources (MCP tool lists, live MCP servers, OpenAPI specs) and generation
  | 'MDKG_SOURCE_INVALID'
  | 'MDKG_SOURCE_FAILED'
  | 'MDKG_SOURCE_TIMEOUT'
  | 'MDKG_TOOL_INVALID'
  | 'MDKG_REF_UNRESOLVED'
  | 'MDKG_REF_REMOTE'
  | 'MDKG_GENERATE_CONFLICT'
  // search and benchmarks
  | 'MDKG_QUERY_EMPTY'
  | 'MDKG_QUERY_TRUNCATED'
  | 'MDKG_QUERY_CONTROL_CHARS'
  | 'MDKG_INDEX_EMPTY'
  | 'MDKG_STRATEGY_UNKNOWN'
  | 'MDKG_NORMALIZER_FAILED'
  | 'MDKG_LOW_CONFIDENCE'
  | 'MDKG_DATASET_INVALID'
  // configuration and CLI
  | 'MDKG_CONFIG_INVALID'
  | 'MDKG_USAGE'
  | 'MDKG_NOT_FOUND';

export type Severity = 'error' | 'warning' | 'info';

/** A problem found in input. Optional paths report diagnostics instead of throwing. */
export interface Diagnostic {
  code: MdkgCode;
  severity: Severity;
  message: string;
  /** Path of the file, relative to the graph root where there is one. */
  file?: string;
  /** 1-based line. */
  line?: number;
  /** 1-based column. */
  column?: number;
}

/** The one error class of mdkg. */
export class MdkgError extends Error {
  override readonly name = 'MdkgError';
  readonly code: MdkgCode;
  readonly details: Readonly<Record<string, unknown>>;

  constructor(code: MdkgCode, message: string, details: Record<string, unknown> = {}, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
    this.details = details;
  }
}

export function isMdkgError(value: unknown): value is MdkgError {
  return value instanceof MdkgError;
}

/**
 * `file:line:column: severity code message`, the form editors and CI logs understand: always one
 * line, with control and bidi characters of the file name and message shown as escapes.
 */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.file === undefined ? '' : `${d.file}${d.line === undefined ? '' : `:${d.line}${d.column === undefined ? '' : `:${d.column}`}`}: `;
  return escapeForTerminal(`${where}${d.severity} ${d.code} ${d.message}`);
}
