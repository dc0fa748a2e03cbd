// Bindings of declared dependencies, read from the `mdkg:binding` literals of tool documents
// (`parameter <- producer field rule`, docs/tools.md "Declared dependencies").
import { MDKG } from '../../rdf/namespaces.js';
import { bySubject, type TermReader } from './term-reader.js';
import { expandTarget } from './tool-edges.js';

/** A producer's field that fills a parameter of a tool. */
export interface ToolBinding {
  /** The tool whose parameter is filled (index into the catalog's tools). */
  tool: number;
  /** The parameter: `path.customerId` (OpenAPI), `customerId` (MCP). */
  parameter: string;
  /** The tool that produces the value. */
  producer: number;
  /** Its field: `response[].id`, `response.id`, `request.path.id`. */
  field: string;
  /** Where it was declared (`declared:openapi-links`, …); `declared:document` when a person wrote it without one. */
  rule: string;
}

const BINDING = /^(\S+) <- (\S+) (\S+)(?: (\S+))?$/;

/** One `mdkg:binding` literal read: `parameter <- producer field [rule]` (no rule: `declared:document`); undefined when malformed. */
export function parseBinding(literal: string): { parameter: string; producer: string; field: string; rule: string } | undefined {
  const match = BINDING.exec(literal);
  if (match === null) return undefined;
  return { parameter: match[1] as string, producer: match[2] as string, field: match[3] as string, rule: match[4] ?? 'declared:document' };
}

/**
 * Every well-formed binding of a tool of the catalog whose producer is a tool of the catalog, in
 * tool order then document order; a malformed literal or an unknown producer is skipped (the
 * document still loads; `mdkg check` shows the literal).
 */
export function readBindings(r: TermReader, bySubjectId: ReadonlyMap<number, number>, byIri: ReadonlyMap<string, number>): ToolBinding[] {
  const found: ToolBinding[] = [];
  bySubject(r.pairs(`${MDKG}binding`), (subject, objects) => {
    const tool = bySubjectId.get(subject);
    if (tool === undefined) return;
    for (let i = 0; i < objects.length; i += 1) {
      const id = objects[i] as number;
      const binding = r.isLiteral(id) ? parseBinding(r.value(id) ?? '') : undefined;
      if (binding === undefined) continue;
      const producer = byIri.get(expandTarget(binding.producer));
      if (producer === undefined || producer === tool) continue;
      found.push({ tool, parameter: binding.parameter, producer, field: binding.field, rule: binding.rule });
    }
  });
  return found.sort((a, b) => a.tool - b.tool);
}
