import type { DependencyEdge, ToolModel } from '../ingest/types.js';
import { documentText, writeDocument } from '../markdown-ld/write.js';
import { emitFrontMatter } from '../markdown-ld/yaml-emit.js';
import { body, toolDocument, toolFrontMatter } from './tool-document.js';

/**
 * A `JSON.stringify(schema, null, 2)` that keeps its text per schema object: inlined output schemas
 * are shared by the tools returning the same component. For one batch of documents only (the
 * objects must not change while it is used).
 */
export function schemaJsonCache(): (schema: unknown) => string {
  const texts = new WeakMap<object, string>();
  return (schema) => {
    if (schema === null || typeof schema !== 'object') return JSON.stringify(schema, null, 2);
    let text = texts.get(schema);
    if (text === undefined) texts.set(schema, (text = JSON.stringify(schema, null, 2)));
    return text;
  };
}

/**
 * The text of one tool's document: what `writeDocument(toolDocument(tool, edges, groups))` gives,
 * through the fast front matter writer and with schema texts reused (`json`). In format 2 the
 * dependency edges are plain strings (`edge_notes`), so no qualified edge objects are built; a
 * front matter the fast writer would not write goes the general way.
 */
export function toolText(tool: ToolModel, edges: readonly DependencyEdge[], groups: readonly string[], json?: (schema: unknown) => string): string {
  const yaml = emitFrontMatter(toolFrontMatter(tool, edges, groups, true));
  if (yaml === undefined) return writeDocument(toolDocument(tool, edges, groups));
  return documentText(yaml, { body: body(tool, json) });
}
