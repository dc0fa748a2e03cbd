import { writeDocument } from '../markdown-ld/write.js';
import { annotationStats, inferAnnotations } from '../ingest/annotations.js';
import { detectDependencies } from '../ingest/dependencies/index.js';
import type { DependencyEdge, ToolHints, ToolModel } from '../ingest/types.js';
import type { DocumentModel } from '../markdown-ld/types.js';
import { encodeFileName } from './file-names.js';
import { groupDocument, toolDocument } from './tool-document.js';
import { SOURCE_DOCUMENT_FILE, sourceDocument, type SourceWords } from './source-document.js';
import { schemaJsonCache, toolText } from './tool-text.js';
import { own } from '../util/own.js';

export type AnnotationStats = ReturnType<typeof annotationStats>;

/** Adds config hints (`<source>/<tool>`) to a tool's own hints, without duplicates, in order. */
function mergeHints(tool: ToolModel, extra: ToolHints | undefined): ToolModel {
  if (extra === undefined) return tool;
  const hints: ToolHints = { ...tool.hints };
  for (const key of ['aliases', 'keywords', 'categories', 'examples'] as const) {
    const merged = [...new Set([...(tool.hints[key] ?? []), ...(extra[key] ?? [])])];
    if (merged.length > 0) hints[key] = merged;
  }
  return { ...tool, hints };
}

/** What a tool's document is made from: the tool, its own edges (in sorted order) and its groups. */
type ToolParts = [tool: ToolModel, edges: readonly DependencyEdge[], groups: readonly string[]];

/**
 * The documents of one source, one at a time (file path relative to the source folder, then the
 * tool's parts or a group's model), and its totals.
 */
function eachDocument(
  tools: readonly ToolModel[],
  hints: Readonly<Record<string, ToolHints>>,
  takeTool: (path: string, ...parts: ToolParts) => void,
  takeGroup: (path: string, model: DocumentModel) => void,
  words: SourceWords & { source?: string },
): { stats: AnnotationStats; edges: number } {
  const ready = tools.map((t) => inferAnnotations(mergeHints(t, own(hints, `${t.source}/${t.name}`))));
  const { edges, groups } = detectDependencies(ready);
  const membership = new Map<string, string[]>();
  for (const g of groups) for (const m of g.members) membership.set(m, [...(membership.get(m) ?? []), g.id]);
  // Each tool's own edges (in their sorted order), so rendering is linear in the edges rather than
  // tools x edges: toolDocument keeps the edges whose `from` is the tool, which these all are.
  const outgoing = new Map<string, DependencyEdge[]>();
  for (const e of edges) {
    const list = outgoing.get(e.from);
    if (list === undefined) outgoing.set(e.from, [e]);
    else list.push(e);
  }
  for (const tool of ready) takeTool(`${encodeFileName(tool.name)}.md`, tool, outgoing.get(tool.name) ?? [], membership.get(tool.name) ?? []);
  for (const g of groups) takeGroup(`_groups/${encodeFileName(g.id)}.md`, groupDocument(tools[0]?.source ?? '', g));
  // The source's own document, unless a tool's document has its file name (a tool named `_source`).
  const source = words.source ?? tools[0]?.source;
  const itself = source === undefined ? undefined : sourceDocument(source, words);
  if (itself !== undefined && !ready.some((t) => `${encodeFileName(t.name)}.md` === SOURCE_DOCUMENT_FILE)) takeGroup(SOURCE_DOCUMENT_FILE, itself);
  return { stats: annotationStats(ready), edges: edges.length };
}

/**
 * The document models of one source (file path relative to the source folder → model): hints
 * merged, missing annotations inferred, dependency edges and groups detected, and the source's own
 * document (`_source.md`) when `words` say anything about it.
 */
export function sourceModels(
  tools: readonly ToolModel[],
  hints: Readonly<Record<string, ToolHints>>,
  words: SourceWords & { source?: string } = {},
): { models: Map<string, DocumentModel>; stats: AnnotationStats; edges: number } {
  const models = new Map<string, DocumentModel>();
  const take = (path: string, model: DocumentModel): void => void models.set(path, model);
  const { stats, edges } = eachDocument(tools, hints, (path, ...parts) => take(path, toolDocument(...parts)), take, words);
  return { models, stats, edges };
}

/**
 * The documents of one source (file path relative to the source folder → unstamped text), rendered.
 * Each document is written as soon as its parts are known, so its model dies young instead of 10,000
 * of them being kept (and copied by the garbage collector) until the last is rendered; tool
 * documents are written by toolText, the same text as writeDocument(toolDocument(…)).
 */
export function sourceDocuments(
  tools: readonly ToolModel[],
  hints: Readonly<Record<string, ToolHints>>,
  words: SourceWords & { source?: string } = {},
): { documents: Map<string, string>; stats: AnnotationStats; edges: number } {
  const documents = new Map<string, string>();
  const json = schemaJsonCache();
  const { stats, edges } = eachDocument(
    tools,
    hints,
    (path, ...parts) => documents.set(path, toolText(...parts, json)),
    (path, model) => documents.set(path, writeDocument(model)),
    words,
  );
  return { documents, stats, edges };
}
