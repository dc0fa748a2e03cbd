// Limits of the Markdown-LD reader, in a module of their own so callers read them without loading the parser.
/** Files above this size are refused (a diagnostic, not a crash). */
export const DEFAULT_MAX_DOCUMENT_BYTES = 1024 * 1024;
