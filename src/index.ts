// The public API of mdkg. Named exports only; nothing else is public.
export { MdkgError, isMdkgError, formatDiagnostic } from './errors.js';
export type { Diagnostic, MdkgCode, Severity } from './errors.js';
export { ERROR_CODES } from './errors.js';

export { parseDocument, splitFrontMatter, DEFAULT_MAX_DOCUMENT_BYTES } from './markdown-ld/parse.js';
export type { ParseOptions } from './markdown-ld/parse.js';
export { writeDocument } from './markdown-ld/write.js';
export type { DocumentModel, JsonLdBlock, ParsedDocument, WikiLink } from './markdown-ld/types.js';

export { documentToQuads } from './rdf/to-quads.js';
export { expandId, pathIri } from './rdf/document-checks.js';
export type { DocumentQuads } from './rdf/to-quads.js';
export { DEFAULT_CONTEXT_URL, defaultContext } from './rdf/context.js';
export { DEFAULT_PREFIXES, compactIri } from './rdf/namespaces.js';
export { computeSchemaProfile } from './rdf/schema-profile.js';
export type { ClassUsage, PredicateUsage, SchemaProfile } from './rdf/schema-profile.js';
export { serializeQuads } from './rdf/serialize.js';
export { QuadStore } from './rdf/quad-store.js';

export { KnowledgeGraph, loadGraph } from './graph/knowledge-graph.js';
export type { DocumentInfo, LoadOptions, LoadStats } from './graph/types.js';
export { EXPORT_FORMATS, exportGraph } from './graph/export.js';
export type { ExportFormat } from './graph/export.js';

export { MAX_QUERY_CHARS, runQuery } from './sparql/run.js';
export { formatBindings } from './sparql/format.js';
export type { QueryOptions, QueryResult } from './sparql/run.js';

export { loadConfig, validateConfig } from './config.js';
export type { MdkgConfig } from './config.js';

export { readOpenApi } from './ingest/openapi/index.js';
export { listLiveTools, readMcpToolList } from './ingest/mcp/index.js';
export type { LiveServerConfig } from './ingest/mcp/index.js';
export { annotationStats, inferAnnotations } from './ingest/annotations.js';
export { detectDependencies } from './ingest/dependencies/index.js';
export type {
  Confidence,
  DeclaredRequire,
  DeclaredSource,
  DependencyEdge,
  EdgeBinding,
  FieldRef,
  HintValue,
  IngestResult,
  OpenApiDetails,
  Relation,
  ToolAnnotations,
  ToolGroup,
  ToolHints,
  ToolModel,
  ToolParameter,
} from './ingest/types.js';
export { generateCode } from './generate/generate-code.js';
export type { CodeReport, GenerateCodeOptions } from './generate/generate-code.js';
export { parseFile as parseCodeFile } from './ingest/code/parse-code.js';
export type { CodeCall, CodeImport, CodeModel, CodeSymbol, SymbolKind } from './ingest/code/types.js';
export { generateTools } from './generate/generate-tools.js';
export type { GenerateOptions, SourceReport, ToolSource } from './generate/generate-tools.js';
export { groupDocument, toolDocument } from './generate/tool-document.js';
export { writeSourceDocuments } from './generate/write-documents.js';
export type { WriteSummary } from './generate/write-documents.js';

export { ToolIndex } from './search/tool-index.js';
export { LearnedPairs, matchLearnedPairs } from './search/learned/learned-pairs.js';
export type { LearnedMatch, LearnedPairsOptions } from './search/learned/learned-pairs.js';
export { readPairRecords } from './search/learned/pair-records.js';
export type { PairRecord, PairStatus } from './search/learned/pair-records.js';
export { learnPair } from './learned/learn-pair.js';
export type { LearnPairInput, LearnedPairReport } from './learned/learn-pair.js';
export { openLearnedPairs } from './learned/open-pairs.js';
export { validateSymbolRelevance } from './learned/relevance.js';
export type { RelevanceReport, SymbolRelevance, Verdict } from './learned/relevance.js';
export type { ExtraSource, ToolIndexOptions } from './search/tool-index.js';
export { ALL_STRATEGIES, STRATEGIES, VECTOR_STRATEGIES } from './search/types.js';
export { attachVectors } from './search/attach-vectors.js';
export type { AttachOptions } from './search/attach-vectors.js';
export { UseLiteProvider } from './search/vector/use-lite.js';
export { OpenAiCompatibleProvider } from './search/vector/openai-compatible.js';
export type { OpenAiCompatibleOptions } from './search/vector/openai-compatible.js';
export type { EmbeddingProvider } from './search/vector/provider.js';
export type { EmbeddingsConfig } from './search/vector/embeddings-config.js';
export type {
  Evidence,
  Intent,
  LexicalStrategy,
  QueryNormalizer,
  SearchHit,
  SearchOptions,
  SearchResult,
  SourceName,
  Strategy,
  Token,
  ToolAnnotationsView,
  VectorStrategy,
} from './search/types.js';
export { tokenize } from './search/text/tokenize.js';
export { classifyIntent } from './search/request/intent.js';
export type { IntentResult } from './search/request/intent.js';
export { graphSearch } from './search/graph-search/graph-search.js';
export { planRequest } from './plan/plan-request.js';
export { withPrerequisites } from './plan/prerequisites.js';
export type { PrerequisiteOptions } from './plan/prerequisites.js';
export type {
  ClosureEntry,
  Plan,
  PlanBinding,
  PlanExplanation,
  PlanMissing,
  PlanOptional,
  PlanOptions,
  PlanSource,
  PlanStep,
  PlanTarget,
} from './plan/types.js';
export type { GraphMatch, GraphSearchOptions, GraphSearchResult } from './search/graph-search/graph-search.js';
export { DEFAULT_SEARCH_PARAMS } from './search/params/search-params.js';
export type { SearchOverrides, SearchParams } from './search/params/search-params.js';

export { CodeIndex, codeIndexOf } from './code-search/code-index.js';
export type { CodeCatalog, CodeFileRecord, CodeSymbolRecord } from './code-search/code-index.js';
export { searchCode } from './code-search/search-code.js';
export { lookupSymbols } from './code-search/symbol-query.js';
export type { SymbolMatch } from './code-search/symbol-query.js';
export { fileStructure, renderStructure } from './code-search/file-structure.js';
export type { FileStructureOptions, StructureFile, StructureFolder, StructureSymbol } from './code-search/file-structure.js';
export { pageRank, repoMap } from './code-search/repo-map.js';
export type { RepoMap, RepoMapOptions, RepoMapSymbol } from './code-search/repo-map.js';
export { confinePath } from './code-search/confine-path.js';
export { reindexCodebase } from './code-search/reindex.js';
export type { ReindexReport } from './code-search/reindex.js';
export { fileStructureRequest, repoMapRequest, searchBySymbolRequest, searchCodeRequest, similarPatternsRequest } from './code-search/requests.js';
export { PatternIndex, patternIndexOf } from './code-search/similar-patterns.js';
export type { SimilarPattern, SimilarPatternsResult } from './code-search/similar-patterns.js';
export { codeShingles } from './code-search/code-shingles.js';
export type { CodeContext, FileStructureResult, SymbolSearchResult } from './code-search/requests.js';
export type { CodeEvidence, CodeFileHit, CodeHit, CodeSearchBy, CodeSearchOptions, CodeSearchResult, SymbolMatchMode } from './code-search/types.js';
export type { CodeRunInput } from './generate/code-run.js';

export { runBench } from './bench/runner.js';
export { readDataset } from './bench/dataset.js';
export type { RunBenchOptions } from './bench/runner.js';
export type { BenchReport } from './bench/types.js';

export { checkDrift, pushGraph } from './store/push.js';
export type { DriftReport, PushOptions, PushReport } from './store/push.js';
export { RemoteGraph } from './store/remote-graph.js';
export { StoreClient } from './store/store-client.js';
export { resolveStore } from './store/store-config.js';
export type { StoreConfig, StoreTarget } from './store/store-config.js';
