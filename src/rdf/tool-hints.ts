// The names a tool document uses for MCP annotation hints (each an `mdkg:` predicate of the same
// local name) and for search hints: the one list that ingest, generation and search all read.

/** MCP tool annotation hints (MCP specification, `ToolAnnotations`). */
export const ANNOTATION_HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

/** Search hints a source may give a tool (`_meta["mdkg/hints"]`, `x-mdkg-hints`): lists of strings. */
export const SEARCH_HINT_FIELDS = ['aliases', 'keywords', 'categories', 'examples'] as const;
