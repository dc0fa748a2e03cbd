import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/errors.js';
import { DEFAULT_PREFIXES } from '../../src/rdf/namespaces.js';
import { checkQuery } from '../../src/sparql/check.js';
import { collectSchemaTerms, suggestTerms } from '../../src/sparql/schema-check.js';
import { parseSparql } from '../../src/sparql/parse.js';
import { runQuery } from '../../src/sparql/run.js';
import { MDKG, SCHEMA, toolTarget } from '../helpers/sparql-store.js';

const profile = toolTarget().profile;
const warn = (message: string, line: number, column: number): Diagnostic => ({
  code: 'MDKG_SPARQL_UNKNOWN_TERM',
  severity: 'warning',
  message,
  line,
  column,
});

describe('collectSchemaTerms', () => {
  it('collects predicates (paths too) and rdf:type classes outside SERVICE and CONSTRUCT templates', () => {
    const ast = parseSparql(
      `CONSTRUCT { ?s schema:templateOnly ?o } WHERE {
        ?s a mdkg:Tool ; schema:name/schema:alternateName* ?o ; ^mdkg:requires ?x ; !(schema:url|rdf:type) ?z .
        ?s rdf:type/rdfs:subClassOf* ?class .
        OPTIONAL { ?s schema:description ?d }
        FILTER NOT EXISTS { ?s mdkg:deprecated true }
        SERVICE <http://remote.example/sparql> { ?s schema:remoteOnly ?r ; a schema:RemoteClass }
      }`,
      DEFAULT_PREFIXES,
    );
    expect(collectSchemaTerms(ast).map((t) => `${t.role} ${t.iri}`)).toEqual([
      `predicate http://www.w3.org/1999/02/22-rdf-syntax-ns#type`,
      `class ${MDKG}Tool`,
      `predicate ${SCHEMA}name`,
      `predicate ${SCHEMA}alternateName`,
      `predicate ${MDKG}requires`,
      `predicate ${SCHEMA}url`,
      `predicate http://www.w3.org/2000/01/rdf-schema#subClassOf`,
      `predicate ${SCHEMA}description`,
      `predicate ${MDKG}deprecated`,
    ]);
  });
});

describe('suggestTerms', () => {
  it.each([
    [`${SCHEMA}descripton`, [`${SCHEMA}description`, `${SCHEMA}name`], ['schema:description']],
    [`${SCHEMA}Name`, [`${SCHEMA}name`, `${SCHEMA}game`], ['schema:name', 'schema:game']],
    [`${SCHEMA}zzzzzzzz`, [`${SCHEMA}name`, `${SCHEMA}description`], []],
    [`${SCHEMA}nam`, [`${SCHEMA}name`, `${SCHEMA}namb`, `${SCHEMA}nama`, `${SCHEMA}dam`, `${SCHEMA}url`], ['schema:dam', 'schema:nama', 'schema:namb']],
  ])('%s', (iri, known, expected) => {
    expect(suggestTerms(iri, known, DEFAULT_PREFIXES)).toEqual(expected);
  });
});

describe('checkQuery: unknown terms', () => {
  it.each([
    [
      'SELECT ?d WHERE { ?s schema:descripton ?d }',
      [warn('Unknown predicate schema:descripton: no triple uses the predicate in this graph. Did you mean schema:description?', 1, 22)],
    ],
    ['SELECT ?s WHERE {\n  ?s a mdkg:Tol\n}', [warn('Unknown class mdkg:Tol: nothing is typed with the class in this graph. Did you mean mdkg:Tool?', 2, 8)]],
    [
      'SELECT ?x WHERE { ?s schema:name/schema:nme ?x }',
      [warn('Unknown predicate schema:nme: no triple uses the predicate in this graph. Did you mean schema:name?', 1, 34)],
    ],
    [
      'PREFIX s: <https://schema.org/>\nSELECT ?x WHERE { ?s <https://schema.org/nmae> ?x ; s:nmae ?y }',
      [warn('Unknown predicate schema:nmae: no triple uses the predicate in this graph. Did you mean schema:name?', 2, 22)],
    ],
    [
      'SELECT ?l WHERE { ?s rdfs:lable ?l }',
      [warn('Unknown predicate rdfs:lable: no triple uses the predicate in this graph. Did you mean rdfs:label?', 1, 22)],
    ],
    ['SELECT ?x WHERE { ?s schema:zzzzzzzz ?x }', [warn('Unknown predicate schema:zzzzzzzz: no triple uses the predicate in this graph.', 1, 22)]],
    [
      'SELECT * WHERE { ?s a mdkg:Tool FILTER EXISTS { ?s mdkg:require ?x } }',
      [warn('Unknown predicate mdkg:require: no triple uses the predicate in this graph. Did you mean mdkg:requires?', 1, 52)],
    ],
    ['SELECT * WHERE { ?s a ?c ; rdf:type ?d ; rdfs:label ?l ; owl:sameAs ?x ; rdf:_3 ?y ; ?p ?o . ?c a owl:Class }', []],
    ['SELECT * WHERE { ?s mdkg:requires+ ?t ; schema:name ?n ; mdkg:priority ?p ; schema:description ?d }', []],
    ['SELECT * WHERE { SERVICE <http://remote.example/sparql> { ?s schema:nothingHere ?o ; a schema:Elsewhere } }', []],
    ['CONSTRUCT { ?s schema:newTerm ?n } WHERE { ?s schema:name ?n }', []],
  ])('%s', (query, expected) => {
    const allow = ['http://remote.example/sparql'];
    expect(checkQuery(profile, query, { allowServices: allow }).warnings).toEqual(expected);
  });

  it('warns but still runs the query', async () => {
    const result = await runQuery(toolTarget(), 'SELECT ?n WHERE { ?s a mdkg:Tol ; schema:name ?n }');
    expect(result.kind === 'bindings' && result.rows).toEqual([]);
    expect(result.warnings.map((w) => w.message)).toEqual(['Unknown class mdkg:Tol: nothing is typed with the class in this graph. Did you mean mdkg:Tool?']);
  });
});
