import { DataFactory } from 'n3';
import type { Quad } from '@rdfjs/types';
import type { Diagnostic } from '../errors.js';
import { SCHEMA } from '../rdf/namespaces.js';
import type { DocumentInfo } from './types.js';

const { namedNode, quad } = DataFactory;
const normalize = (name: string): string => name.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Resolves `[[wiki links]]` of loaded documents to `schema:mentions` edges. A name resolves by the
 * first level that knows it: id, then title, then alias, heading and file path. Unresolved and
 * ambiguous links are diagnostics.
 */
export function resolveLinks(docs: readonly DocumentInfo[]): { quads: Quad[]; diagnostics: Diagnostic[] } {
  // Generated catalogs have no links at all: no name table to build for them.
  if (!docs.some((doc) => doc.links.length > 0)) return { quads: [], diagnostics: [] };
  const byName = new Map<string, { iri: string; rank: number; ambiguous: boolean }>();
  for (const doc of docs) {
    doc.names.forEach((name, position) => {
      const key = normalize(name);
      const rank = position === 0 ? 0 : name === doc.title ? 1 : 2;
      const known = byName.get(key);
      if (known === undefined || rank < known.rank) byName.set(key, { iri: doc.iri, rank, ambiguous: false });
      else if (rank === known.rank && known.iri !== doc.iri) known.ambiguous = true;
    });
  }
  const quads: Quad[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const doc of docs) {
    const seen = new Set<string>();
    for (const link of doc.links) {
      const hit = byName.get(normalize(link.target));
      const where = { file: doc.path, line: link.line, column: link.column };
      if (hit === undefined) {
        diagnostics.push({ code: 'MDKG_UNRESOLVED_LINK', severity: 'warning', message: `[[${link.target}]] matches no document id, title or alias`, ...where });
        continue;
      }
      if (hit.ambiguous)
        diagnostics.push({ code: 'MDKG_UNRESOLVED_LINK', severity: 'warning', message: `[[${link.target}]] is ambiguous; it links to ${hit.iri}`, ...where });
      if (seen.has(hit.iri)) continue;
      seen.add(hit.iri);
      const subject = namedNode(doc.iri);
      quads.push(quad(subject, namedNode(`${SCHEMA}mentions`), namedNode(hit.iri), subject));
    }
  }
  return { quads, diagnostics };
}
