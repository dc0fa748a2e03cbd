import { describe, expect, it } from 'vitest';
import { MdkgError } from '../../src/errors.js';
import { DEFAULT_PREFIXES } from '../../src/rdf/namespaces.js';
import { parseSparql } from '../../src/sparql/parse.js';

function syntaxError(query: string): MdkgError {
  try {
    parseSparql(query, DEFAULT_PREFIXES);
  } catch (error) {
    if (error instanceof MdkgError) return error;
    throw error;
  }
  throw new Error('expected a syntax error');
}

describe('parseSparql', () => {
  it('knows the default prefixes without PREFIX lines', () => {
    const ast = parseSparql('SELECT ?s WHERE { ?s a mdkg:Tool ; schema:name ?n ; rdfs:label ?l }', DEFAULT_PREFIXES);
    expect(ast.type).toBe('query');
    expect(ast.prefixes).toEqual({});
  });

  it('reports only the prefixes the query declares', () => {
    const ast = parseSparql('PREFIX ex: <http://example.org/> SELECT * WHERE { ?s ex:p ?o }', DEFAULT_PREFIXES);
    expect(ast.prefixes).toEqual({ ex: 'http://example.org/' });
  });

  // [query, line, column, token in the message]: the position of the offending token, 1-based.
  it.each([
    ['SELECT * WHERE {\n  ?s ?p ?o .\n  ?s schema:name ?n ??\n}', 3, 21, 'unexpected "?"'],
    ['SELECT * WHERE { ?s ?p ?o\n ?? }', 2, 2, 'unexpected "?"'],
    ['SELECT ?s\nWHERE {\n  ?s a schema:Thing\n}\nLIMIT x', 5, 7, 'unexpected "x"'],
    ['SELECT * WHERE {', 1, 17, 'unexpected end of query'],
    ['SELECT * WHERE { ?s ?p ?o } # a comment\n\n   ORDER ?s', 3, 10, 'unexpected "?s"; expected BY'],
    ['SELECT *\r\nWHERE {\r\n ?s ?p }', 3, 8, 'unexpected "}"'],
    ['SELECT *\rWHERE {\r\t?s ?p ?o ) }', 3, 11, 'unexpected ")"'],
    ['  SELEKT * WHERE { ?s ?p ?o }', 1, 3, 'unexpected "S"'],
    ['SELECT * WHERE {\n  ?s schema:name """a\nlong\nstring""" ; ?p\n}', 5, 1, 'unexpected "}"'],
    ['ASK {\n  ?s ?p ?o FILTER(?o = )\n}', 2, 24, 'unexpected ")"'],
  ])('%j -> line %i, column %i', (query, line, column, text) => {
    const error = syntaxError(query);
    expect(error.code).toBe('MDKG_SPARQL_SYNTAX');
    expect([error.details.line, error.details.column]).toEqual([line, column]);
    expect(error.message).toContain(`line ${line}, column ${column}: ${text}`);
  });

  it('explains a CURIE with a slash, which SPARQL does not accept', () => {
    const error = syntaxError('DESCRIBE tool:fs/read_file');
    expect(error.message).toBe(
      'SPARQL syntax error at line 1, column 17: unexpected "/" (a prefixed name cannot contain "/": write the full <IRI> or escape the slash, as in tool:fs\\/read_file)',
    );
    expect(syntaxError('SELECT * WHERE { ?s code:src/a/b.ts ?o }').message).toContain('as in code:src\\/a\\/b.ts');
  });

  it('names an unknown prefix, where it is, and the known ones', () => {
    const error = syntaxError('SELECT * WHERE {\n  ?s <http://x/foo:a> "foo:b" .\n  ?s foo:bar ?o }');
    expect(error.code).toBe('MDKG_SPARQL_SYNTAX');
    expect(error.details).toEqual({ prefix: 'foo', line: 3, column: 6 });
    expect(error.message).toBe(
      'Unknown prefix "foo:" at line 3, column 6. Declare it (PREFIX foo: <...>) or use a known prefix: code, concept, dcterms, doc, mdkg, owl, prov, rdf, rdfs, schema, skos, tool, xsd',
    );
  });

  it.each([
    ['SELECT ?x WHERE { ?s ?p ?o } GROUP BY ?s', 'Invalid SPARQL: Projection of ungrouped variable (?x)'],
    ['SELECT * WHERE { ?s <relative> ?o }', 'Invalid SPARQL: Cannot resolve relative IRI relative because no base IRI was set.'],
  ])('reports semantic errors after parsing: %s', (query, message) => {
    const error = syntaxError(query);
    expect([error.code, error.message]).toEqual(['MDKG_SPARQL_SYNTAX', message]);
  });
});
