// Over 300 lines: the help text of every command in one table (mdkg help <command> prints one entry).
import { PACKAGE_VERSION } from '../version.js';

export const VERSION = PACKAGE_VERSION;

const COMMON = `  --graphs <dir>           graph folder (default: graphs/, or 'graphs' in mdkg.config.yaml)
  --config <file>          config file (default: mdkg.config.yaml|yml|json in the current folder)
  --no-cache               neither read nor write the .mdkg/ parse cache`;

const STORE_FLAGS = `  --endpoint <url>         ask this SPARQL server (query URL) instead of the local graph
  --store                  ask the server of store.query_url in the config`;

const CODE_COMMON = `  --root <dir>             repository root that code paths are relative to and confined to
                           (default: the folder of mdkg.config.yaml, else the current folder)
  --json                   the result as JSON (what the meta-tool of mdkg serve returns)
${COMMON}`;

export const HELP: Record<string, string> = {
  main: `mdkg ${VERSION} — a knowledge graph of Markdown-LD documents, queried with SPARQL

Usage: mdkg <command> [options]

Commands:
  init [dir]         write mdkg.config.yaml, create graphs/, print MCP client configs
  query <sparql>     run a read-only SPARQL query over the graph (or --file q.rq, or - for stdin)
  validate [dir]     check every document; list problems as file:line:column; exit 1 on errors
  schema             classes, predicates and prefixes actually present in the graph
  export             write the graph, or one document's graph, as ttl|nq|jsonld|mermaid|dot
  push               bring a SPARQL server in step with the graph (only changed graphs are sent)
  generate tools     write tool documents from MCP servers, tool lists and OpenAPI specs
  generate code [d]  write code documents (symbols, imports, calls) from source files, incrementally
  search <request>   find the tools for a request in plain words, with confidence and evidence
  plan <request>     the tools a request needs, prerequisites first, and which output feeds which input
  graph-search <w>   schema-aware SPARQL text search over any graph (local or federated)
  search-code <q>    find code symbols for a request ("where is the query made read-only")
  search-by-symbol   look a symbol up by name: --mode exact|prefix|contains|fuzzy
  get-file-structure the folders and files under a path, with their top-level symbols
  get-repo-map       the most important symbols (PageRank over calls and imports) in a token budget
  get-similar-patterns code that looks like a snippet (same shape, same names)
  reindex-codebase   regenerate the code documents incrementally, with counts and time
  bench <dir...>     score tool search on benchmark datasets (Hit@K, Recall@K, MRR, ...)
  serve              the MCP gateway over stdio: search, schema and call meta-tools, graph tools
  view               the graph in a browser: SPARQL, tool search, neighbourhoods, documents
  learn-pair <t> <x> record that a term means a tool or code symbol (graphs/learned/)
  validate-symbol-relevance <t> <x...>  does a term mean these symbols? similarity and verdict
  help [command]     show help for a command

Options:
  -h, --help         show help
  -v, --version      print the version

Exit codes: 0 success, 1 failure (errors found, query failed), 2 usage error.
Run 'mdkg help <command>' for the options of a command.
`,
  query: `Usage: mdkg query [<sparql> | --file <q.rq> | -] [options]

Runs SELECT, ASK, CONSTRUCT or DESCRIBE over the graph. Updates are refused. Default prefixes
(schema:, mdkg:, rdf:, rdfs:, xsd:, owl:, skos:, dcterms:, prov:, doc:, concept:, tool:, code:)
need no PREFIX line. Unknown classes and predicates give warnings with did-you-mean suggestions.

Options:
  --file <path>            read the query from a file
  --format <f>             table (default on a terminal) | json | csv | tsv for SELECT/ASK;
                           ttl (default) | nq for CONSTRUCT/DESCRIBE
  --timeout <ms>           stop the query after this many milliseconds (default 30000)
  --limit <n>              return at most n rows or triples (default 10000)
  --allow-service <iri>    allow SERVICE calls to this endpoint (repeatable; adds to the config)
${STORE_FLAGS}
${COMMON}
`,
  validate: `Usage: mdkg validate [dir] [options]

Loads every *.md under dir (default: the graph folder) and lists each problem as
file:line:column: severity CODE message. Exits 1 when there is an error, 0 otherwise.

Options:
  --json                   print the diagnostics as JSON
${COMMON}
`,
  schema: `Usage: mdkg schema [options]

Prints the schema profile: document, graph and triple counts, classes with instance counts,
predicates with literal and resource object counts, and prefixes.

Options:
  --json                   print the profile as JSON
${COMMON}
`,
  export: `Usage: mdkg export --format <ttl|nq|jsonld|mermaid|dot> [--doc <id>] [--out <file>] [options]

Writes the whole graph or one document's named graph. ttl merges the document graphs;
nq and jsonld keep one named graph per document; mermaid and dot draw resource edges.

Options:
  --format <f>             ttl | nq | jsonld | mermaid | dot (required)
  --doc <id>               only this document: its id (concept:x), IRI or path
  --out <file>             write to a file (atomically) instead of standard output
${STORE_FLAGS}
                           (ttl and nq; the graphs the server's manifest lists, --doc by IRI or path)
${COMMON}
`,
  push: `Usage: mdkg push [--endpoint <url> | --store] [--dry-run | --check | --bulk <file.nq>] [options]

Brings a SPARQL server in step with the graph: one document = one named graph (named by the
document IRI), sent with a Graph Store Protocol PUT, several in flight; graphs of documents that
are gone are deleted. A manifest graph on the server records each graph's content hash and is
written last, so a re-run sends only what changed and finishes a push that stopped half-way.
See docs/sparql-server.md.

Options:
  --endpoint <url>         the server's SPARQL query URL (the Graph Store URL and auth come from
                           store: in the config; default graph store: <origin>/sparql-graph-crud-auth)
  --store                  use store.query_url of the config
  --dry-run                list what would be sent and deleted; send nothing
  --check                  list graphs that differ, are missing or extra; exit 1 when any
  --bulk <file.nq>         write every graph and the manifest as N-Quads for the server's own
                           bulk loader (contacts no server)
${COMMON}
`,
  search: `Usage: mdkg search ["<request>" | --file <path> | -] [options]

Ranks the tools of the graph for a request in plain words ("delete the user", "사용자 삭제",
"trak shipmnt"): BM25F over names, titles, aliases, keywords, descriptions and parameters,
graph expansion over dependency edges, MCP annotation alignment with the request's intent, and
typo correction, fused by weighted reciprocal rank fusion. Each result has a calibrated
confidence (the probability it is relevant) and the evidence that produced it. A weak best
match is reported as MDKG_LOW_CONFIDENCE on stderr.

Options:
  --limit <n>              results, 1 to 100 (default 5)
  --strategy <s>           bm25 | bm25+graph | bm25+graph+annotations |
                           bm25+graph+annotations+fuzzy | full | lexical (= full) |
                           vector | hybrid | auto (default full; with an embeddings
                           section in the config, its strategy, default auto). The
                           vector strategies embed with use-lite (offline, optional
                           npm packages) unless the config names another provider;
                           without vectors they rank lexically with a warning
  --file <path>            read the request from a file (UTF-8); '-' or no request with a
                           pipe on stdin reads standard input
  --explain                per-source ranks and scores, confidence features, related tools,
                           and a SPARQL query that shows the evidence with 'mdkg query'
  --prerequisites          each result's required prerequisites right after it (marked
                           prerequisiteOf in --json; see 'mdkg help plan')
  --json                   the whole result as JSON
${COMMON}
`,
  view: `Usage: mdkg view [--port N] [--open] [--graphs <dir>] [--config <file>]
       mdkg view --static <dir>

A page on http://127.0.0.1 (port 0, the default, takes a free one; the address is printed): a
SPARQL box (read-only, at most 1000 rows and 10 s), tool search with confidence and evidence, a
request's plan, the neighbourhood graph of any node, the document behind it (each triple's
line, its diagnostics) and the schema. Requests must name a loopback host; with serve.token_env
set, the API needs that token (open the printed address with #token=<token>). Nothing is
fetched from the network. --static <dir> writes the same page with the graph embedded
(neighbourhoods, documents, schema; no SPARQL, tool search or plans) into a new or empty folder.
docs/view.md has every detail.

Options:
  --port N                 port on 127.0.0.1 (default 0: any free port)
  --open                   open the page in the desktop's browser
  --static <dir>           write a static copy of the page instead of serving
${COMMON}
`,
  plan: `Usage: mdkg plan ["<request>" | --file <path> | -] [options]

The tools a request needs, in the order to call them: the best tool of each step of the request
(the target), then, for each required parameter, a value the request states (an e-mail, a number,
an id, a quoted string, a path or URL, a name after "named"/"called", an allowed value) or else
the tool whose result produces it (a prerequisite, found through the graph's requires edges,
declared ones first), recursively. Prints the steps, the bindings (s1.response[].id → s2.path.petId,
with the rule and score that made them), the values to ask the user for (missing), and tools that
often come before or after (optional). Nothing is called: run each step with call_tool. See
docs/plans.md.

Options:
  --target <tool>          plan for this tool (id, source/name, or a unique name) instead of
                           searching for the targets
  --max-depth <n>          levels of prerequisites below a target, 0 to 10 (default 3)
  --known <name=value>     a value you already have, by parameter name (repeatable): it
                           needs no prerequisite
  --explain                the request values used, each binding's evidence, and every candidate
                           producer of each parameter in the order they were ranked
  --file <path>            read the request from a file (UTF-8); '-' reads standard input
  --json                   the whole plan as JSON (targets, steps, bindings, missing, optional,
                           closure, diagnostics)
${COMMON}
`,
  serve: `Usage: mdkg serve [--graphs <dir>] [--config <file>] [--http [HOST:]PORT] [--code-root <dir>]

The MCP gateway: an agent connects to mdkg instead of to every server, over stdio (or Streamable
HTTP at /mcp with --http, and GET /health for liveness and each server's state). Set a project
up with 'mdkg init', which prints the client configuration. Meta-tools (serve.expose lists fewer):
  tools      search_tools (describe the task; waits for servers still connecting at start),
             plan_tools (the calls a request needs, prerequisites first, with bindings),
             get_tool_schema, call_tool (arguments checked against the tool's JSON Schema, then
             forwarded; destructive tools are confirmed by the user through MCP elicitation, or
             need confirm: true), index_status, index_build
  graph      graph_schema, graph_query (read-only SPARQL), graph_search, graph_export
  code       search_code, search_by_symbol, get_file_structure, get_repo_map,
             get_similar_patterns, reindex_codebase (with --code-root)
  learned    learn_pair, validate_symbol_relevance
Downstream servers come from 'servers' in the config; each connects in the background and on its
own, and its tool documents are regenerated in graphs/tools/. Edits of the config and of the graph
folder apply while it runs (clients get tools/list_changed). A missing graph folder is created.
Logs (one line per change of a server's state) go to stderr. docs/mcp.md has every detail.

Options:
  --graphs <dir>           graph folder (default: graphs/, or 'graphs' in the config)
  --config <file>          config file (default: MDKG_CONFIG, else mdkg.config.yaml|yml|json in
                           the current folder)
  --http [HOST:]PORT       Streamable HTTP instead of stdio; binds 127.0.0.1 unless HOST is given.
                           Any other host needs a bearer token (serve.token_env in the config);
                           serve.profiles give other tokens their own view
  --code-root <dir>        offer reindex_codebase: regenerate <dir>'s code documents into
                           <graphs>/code (incrementally) and reload; <dir> must lie in the
                           folder of the config
  --endpoint <url>         graph_query, graph_schema, graph_search and graph_export (ttl, nq)
                           read this SPARQL server (see mdkg push); index_status shows it and
                           its last push
  --store                  the same with store.query_url of the config
`,
  'graph-search': `Usage: mdkg graph-search "<words>" [options]

Searches any Markdown-LD graph through SPARQL: the words and the graph's schema profile are
compiled into one bounded SELECT (CONTAINS filters over the text predicates the graph actually
uses, its relationship predicates for related nodes, VALUES over candidate subjects), run
locally, or with --service over allowlisted SPARQL endpoints.

Options:
  --limit <n>              matches, 1 to 100 (default 10)
  --service <url>          search this SPARQL endpoint instead (repeatable; must be allowlisted)
  --allow-service <url>    allow an endpoint for this run (besides sparql.allow_services)
  --timeout <ms>           budget per query (default sparql.timeout_ms or 30000)
  --show-sparql            print the generated query
  --json                   the result as JSON
${COMMON}
`,
  'search-code': `Usage: mdkg search-code "<request>" [options]

Ranks the code symbols of the graph's code documents (mdkg generate code) for a request in plain
words or a name: BM25F over name words, doc comments, signatures and paths, graph expansion over
calls and containment; a name or file name in the request (loadGraph, tool-index.ts) ranks its
exact and prefix matches first, then their callers. Tests rank below implementation.

Options:
  --limit <n>              results, 1 to 100 (default 10)
  --path <dir|file>        only symbols under this path (inside the root)
  --kind <kind>            only this kind (function, method, class, interface, type, ...)
  --strategy <s>           lexical | vector | hybrid | auto: with vectors of the symbols'
                           names, doc comments and signatures (use-lite unless an embeddings
                           section in the config names another provider; cached in
                           <graphs>/.mdkg). Default lexical, or with an embeddings section
                           its strategy (default auto). Without vectors: lexical, with a warning.
  --by <file|symbol>       symbol (default): ranked symbols; file: ranked files, each with
                           its best symbols under it and the request's words in its path
${CODE_COMMON}
`,
  'search-by-symbol': `Usage: mdkg search-by-symbol <name> [--mode exact|prefix|contains|fuzzy] [options]

Symbols by name or qualified name (Class.method): exact (case-insensitive matches after exact
ones), prefix, contains, or fuzzy (edit distance, a swap of two letters is one edit).

Options:
  --mode <m>               exact (default), prefix, contains, fuzzy
  --limit <n>              results, 1 to 100 (default 20)
${CODE_COMMON}
`,
  'get-file-structure': `Usage: mdkg get-file-structure [<path>] [--depth <n>] [options]

The folders and files under <path> (default the whole tree), with file and symbol counts, and per
file its lines and top-level symbols. Folders deeper than --depth (default 3) show counts only.

Options:
  --depth <n>              folder levels opened below the path, 0 to 50 (default 3)
${CODE_COMMON}
`,
  'get-repo-map': `Usage: mdkg get-repo-map [--budget-tokens <n>] [--focus <file|folder|symbol>...] [options]

The repository's most important symbols, grouped by file, ranked by a PageRank over the
reference graph (calls, imports, containment), cut to a token budget (about 4 characters a
token). With --focus, the ranking leans towards those files, folders or symbols.

Options:
  --budget-tokens <n>      most tokens of the map, 64 to 100000 (default 1024)
  --focus <x>              a file, folder or symbol name to lean towards (repeatable)
${CODE_COMMON}
`,
  'get-similar-patterns': `Usage: mdkg get-similar-patterns '<code>' | --file <path> | - [--limit <n>] [options]

The functions, methods and classes whose code looks like the snippet: the same shape under other
names (names, numbers and strings abstracted, comments dropped; runs of 4 tokens compared) and the
same identifier words. Score: the mean of the Jaccard similarity and of the share of the snippet
the symbol contains; below 0.1 is not shown. Source files are read from the root, never through
a symbolic link.

Options:
  --file <path>            read the snippet from a file (- reads standard input)
  --limit <n>              how many symbols, 1 to 100 (default 10)
${CODE_COMMON}
`,
  'reindex-codebase': `Usage: mdkg reindex-codebase [<dir>] [options]

Runs mdkg generate code over <dir> (default the root) into <graphs>/code, incrementally (only
changed files are parsed), then reloads the graph. Prints the counts and the time taken.

Options:
${CODE_COMMON}
`,
  generate: `Usage: mdkg generate tools [<file> --source-id <id> [--kind openapi|mcp-tools]] [options]
       mdkg generate code [<dir>] [--out <dir>] [--json]

Writes one Markdown-LD document per tool to <out>/<source>/<tool>.md, from the sources and
servers of mdkg.config.yaml, or from one file. Regenerating unchanged input changes no byte.
Documents of tools that disappeared are removed; a hand-written document, or one edited by hand
since it was generated, is never overwritten. A source that fails keeps its documents; the
others still generate. Exit 1 when a source failed.

Options:
  --source-id <id>         namespace of the file's tools (tool:<id>/<name>)
  --kind <k>               openapi | mcp-tools (default: detected from the file)
  --out <dir>              output folder (default: tools_out of the config, or <graphs>/tools)
  --config <file>          config file (default: mdkg.config.yaml|yml|json in the current folder)
  --json                   print the per-source report as JSON

generate code parses the source files under <dir> (default: the project folder) with tree-sitter
(TypeScript/TSX, JavaScript, Python, Go, Java, Rust, C#, C/C++, Ruby, PHP) and writes one document
per file to <out>/<path>.md (default <graphs>/code): the file, its symbols (kind, qualified name,
signature, doc comment, lines, parent, decorators), imports and calls. It honours .gitignore, skips
node_modules, .git, dist, build, .mdkg, binary and huge files, and never follows a symbolic link.
Text files without a grammar (Markdown, YAML, shell, ...) are read as 50-line blocks. A re-run parses only changed files (state in .mdkg/code-state-*.json), removes the documents of
deleted files, never touches hand-written ones, and prints added/updated/removed/unchanged.
Paths are relative to the project folder when <dir> is inside it, else to <dir>.
`,
  'learn-pair': `Usage: mdkg learn-pair "<term>" <target> --evidence "<code evidence>" [options]

Records that a term in plain words means a tool or code symbol, as a Markdown-LD document
<graphs>/learned/<term>/<target>.md (review it in git). <target> is a tool id
(tool:memory/delete_entities or memory/delete_entities), a symbol id (code:src/a.ts#AuthService.signIn)
or a qualified name that only one symbol has. The evidence (a file and line, a doc comment, a
call site) is required. Tool search then ranks the target for requests with the term, until the
pair is older than learned.ttl_days (default 30) or the target changes or disappears (reported).
Learning the same term and target again replaces the document.

Options:
  --evidence <text>        the code that shows the term means the target (required)
  --json                   the report as JSON
${COMMON}
`,
  'validate-symbol-relevance': `Usage: mdkg validate-symbol-relevance "<term>" <symbol> [<symbol>...] [options]

For each symbol or tool (ids as for learn-pair), the similarity of the term and its text (name,
qualified name, signature, path, summary, description), and a verdict: above 0.6 accepted,
0.3 to 0.6 accepted with risk HIGH, below 0.3 rejected with the searches to run next; plus the
learned pairs whose term matches.

Options:
  --json                   the report as JSON
${COMMON}
`,
  bench: `Usage: mdkg bench <dataset-dir...> [options]

Scores tool search on benchmark datasets (dataset.json + queries.jsonl; see docs/benchmarks.md).
Each dataset's catalog is generated into a temp folder and loaded, the search index is built,
and every query runs once untimed, then once timed, with each strategy. Prints a table per
strategy: Hit@1/3/5, Recall@5/10, MRR, nDCG@10, mAP@10, ECE, p50/p95 latency, index build time,
with pooled rows per split and overall, and the macro mean over datasets. A dataset that cannot
be read or built is reported and the others still run; exit 1 then.

Options:
  --strategy <s>[,<s>...]  strategies to run, comma-separated or repeated (default: all):
                           bm25, bm25+graph, bm25+graph+annotations,
                           bm25+graph+annotations+fuzzy, full, or all; and
                           lexical, vector, hybrid, auto (embeddings: the config's,
                           else use-lite)
  --limit <n>              hits asked for per query, 1 to 100 (default 10)
  --json <file>            write the full report (every query's top hits) atomically; - for stdout
  --svg <file>             write a bar chart of Recall@5 and Hit@1 (e.g. benchmarks/results/<name>.svg)
  --quiet                  no progress line and no dataset warnings on stderr
  --vector-cache <dir>     keep the tools' vectors there and embed only texts not seen
                           before (default: every catalog is embedded afresh, and the
                           build time includes it)
`,
  init: `Usage: mdkg init [<dir>] [--import <client-config.json>] [--client <name>] [--name <id>] [--force] [--json]

Sets up a project folder (default: the current folder) for mdkg serve: writes mdkg.config.yaml
(commented; 'graphs: graphs' and the servers to proxy), creates the graph folder, and prints the
configuration of each MCP client that starts the gateway: Claude Desktop, Claude Code, VS Code
and Cursor, with absolute paths (the node binary, this package's bin/mdkg.js and
'serve --config <absolute path of the config>'), so it works from any folder. An existing
config is kept (and its client configurations printed) unless --force is given.

Options:
  --import <file>          take the servers of an MCP client's config file: Claude Desktop's
                           claude_desktop_config.json, Claude Code's .mcp.json, Cursor's
                           mcp.json ('mcpServers'), VS Code's mcp.json ('servers'). Entries mdkg
                           cannot run as written (SSE, \${...} variables, mdkg itself, disabled)
                           are left out and listed
  --client <name>          print only this client's configuration (repeatable):
                           claude-desktop, claude-code, vscode, cursor
  --name <id>              the name of the gateway in the client configs (default mdkg)
  --force                  replace an existing config file
  --json                   the result as JSON: paths, servers, and each client's configuration
`,
};
