// The default context compiled to a term table for the plain JSON-LD path (plain-to-rdf.ts): only
// the shapes JSON-LD 1.1 gives a fixed meaning without processing state — a term mapped to an IRI,
// optionally coerced to @id, @vocab or a datatype, an @set container, a property-scoped context of
// the same kind. A context with anything else compiles to nothing, and every document then takes
// the full jsonld path.

/** One term of a compiled context. */
export interface PlainTerm {
  /** The expanded IRI, or the keyword `@id` / `@type` for an alias. */
  readonly iri: string;
  /** Coercion: `@id`, `@vocab` or a datatype IRI. */
  readonly coerce?: string;
  /** Usable as the prefix of a compact IRI (a simple term ending in a gen-delim, JSON-LD 1.1). */
  readonly prefix: boolean;
  /** The property-scoped context, applied to the values of this term. */
  readonly scoped?: PlainContext;
}

export type PlainContext = ReadonlyMap<string, PlainTerm>;

const KEYWORD_ALIASES = new Set(['@id', '@type']);
const TERM_KEYS = new Set(['@id', '@type', '@container', '@context']);
const ABSOLUTE_IRI = /^([A-Za-z][A-Za-z0-9+\-.]*|_):[^\s]*$/;

/** The compiled form of a context object (`{"@context": {...}}` or its inner object), or undefined. */
export function compilePlainContext(context: unknown): PlainContext | undefined {
  const inner = isObject(context) && isObject(context['@context']) ? context['@context'] : context;
  if (!isObject(inner)) return undefined;
  const scopes = new Map<string, Record<string, unknown>>();
  const top = compileTerms(new Map(), inner, scopes);
  if (top === undefined) return undefined;
  // A scoped context's compact IRIs resolve against the context it is used in: the top one here.
  for (const [term, definitions] of scopes) {
    const scoped = compileTerms(top, definitions, undefined);
    if (scoped === undefined) return undefined;
    top.set(term, { ...top.get(term)!, scoped });
  }
  return top;
}

/** The terms of one context object; compact IRIs resolve against `base` and its own simple terms. */
function compileTerms(
  base: ReadonlyMap<string, PlainTerm>,
  definitions: Record<string, unknown>,
  scopes: Map<string, Record<string, unknown>> | undefined,
): Map<string, PlainTerm> | undefined {
  const out = new Map<string, PlainTerm>();
  const known = new Map(base);
  // Simple terms first: they are the prefixes the others' compact IRIs use.
  const entries = Object.entries(definitions).sort(([, a], [, b]) => Number(typeof b === 'string') - Number(typeof a === 'string'));
  for (const [term, definition] of entries) {
    if (term === '@version') {
      if (definition !== 1.1) return undefined;
      continue;
    }
    if (term.startsWith('@') || term === '' || term.includes(':')) return undefined;
    if (typeof definition === 'string') {
      const iri = KEYWORD_ALIASES.has(definition) ? definition : expandTermIri(known, definition);
      if (iri === undefined) return undefined;
      const simple: PlainTerm = { iri, prefix: !KEYWORD_ALIASES.has(iri) && /[:/?#[\]@]$/.test(iri) };
      out.set(term, simple);
      known.set(term, simple);
      continue;
    }
    if (!isObject(definition) || Object.keys(definition).some((k) => !TERM_KEYS.has(k))) return undefined;
    const id = definition['@id'];
    const iri = typeof id === 'string' ? expandTermIri(known, id) : undefined;
    if (iri === undefined) return undefined;
    const container = definition['@container'];
    if (container !== undefined && container !== '@set') return undefined;
    let coerce: string | undefined;
    const type = definition['@type'];
    if (type !== undefined) {
      if (type === '@id' || type === '@vocab') coerce = type;
      else if (typeof type === 'string' && !type.startsWith('@')) coerce = expandTermIri(known, type);
      if (coerce === undefined) return undefined;
    }
    const scoped = definition['@context'];
    if (scoped !== undefined) {
      if (!isObject(scoped) || scopes === undefined) return undefined;
      scopes.set(term, scoped);
    }
    out.set(term, { iri, prefix: false, ...(coerce === undefined ? {} : { coerce }) });
  }
  return out;
}

/** A term definition's IRI: a compact IRI with a known prefix, or an absolute IRI. */
function expandTermIri(context: ReadonlyMap<string, PlainTerm>, value: string): string | undefined {
  const colon = value.indexOf(':');
  if (colon <= 0) return undefined;
  const prefix = context.get(value.slice(0, colon));
  const suffix = value.slice(colon + 1);
  if (prefix?.prefix === true && !suffix.startsWith('//')) return prefix.iri + suffix;
  return ABSOLUTE_IRI.test(value) && !value.startsWith('_:') ? value : undefined;
}

/** The active context inside a term's values: the parent's terms with the scoped ones over them. */
export function withScoped(active: PlainContext, scoped: PlainContext | undefined): PlainContext {
  if (scoped === undefined) return active;
  const out = new Map(active);
  for (const [term, definition] of scoped) out.set(term, definition);
  return out;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
