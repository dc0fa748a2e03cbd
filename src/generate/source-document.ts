// The document of a source itself (`<source>/_source.md`, type ToolSource): what the server said
// about itself in `initialize` (name, title, version, instructions) and the `description:` the user
// wrote for it in mdkg.config.yaml. The search reads it as a field of every tool of the source.
import type { ServerWords } from '../ingest/mcp/server-words.js';
import type { DocumentModel } from '../markdown-ld/types.js';
import { MARKER_KEY, MARKER_UNSTAMPED } from './marker.js';

/** The file of a source's own document, beside its tool documents. */
export const SOURCE_DOCUMENT_FILE = '_source.md';
/** Longest `description:` kept (characters). */
export const MAX_SOURCE_DESCRIPTION = 4_096;

/** What a source says about itself, and what its user says about it. */
export interface SourceWords {
  server?: ServerWords;
  /** `description:` of the server (or source file) in mdkg.config.yaml. */
  description?: string;
}

/** The id of a source's own document: `tool:<source>` (tool ids always have a `/` after it). */
export const sourceDocumentId = (source: string): string => `tool:${source}`;

/**
 * The document of `source`, or undefined when nothing is known about it beyond its id. Front
 * matter keys, in this order: id, type, title (the server's title, else its name, else the source
 * id), name, version, source, description, instructions. Line breaks in `instructions` are kept.
 */
export function sourceDocument(source: string, words: SourceWords): DocumentModel | undefined {
  const server = words.server ?? {};
  const description = words.description?.trim().slice(0, MAX_SOURCE_DESCRIPTION);
  if (Object.keys(server).length === 0 && (description === undefined || description === '')) return undefined;
  const title = server.title ?? server.name ?? source;
  const front: Record<string, unknown> = { id: sourceDocumentId(source), type: 'ToolSource', title };
  if (server.name !== undefined) front.name = server.name;
  if (server.version !== undefined) front.version = server.version;
  front.source = source;
  if (description !== undefined && description !== '') front.description = description;
  if (server.instructions !== undefined) front.instructions = server.instructions;
  front[MARKER_KEY] = MARKER_UNSTAMPED;
  const said = server.instructions === undefined ? '' : ' Its instructions are in the front matter (`instructions`).';
  return {
    frontMatter: front,
    body: `# ${title.replace(/[\r\n]+/g, ' ')}\n\nThe source \`${source}\` of these tools: what it says about itself${description === undefined || description === '' ? '' : ' and what its user says about it'}.${said}\n`,
  };
}
