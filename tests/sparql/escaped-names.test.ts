import { describe, expect, it } from 'vitest';
import { escapeSlashesInNames, expandEscapedNames } from '../../src/sparql/escaped-names.js';

const P = { tool: 'https://w3id.org/mdkg/tool/', ex: 'http://example.org/', '': 'http://default.example/' };

describe('expandEscapedNames', () => {
  it.each([
    ['SELECT * WHERE { ?s ?p tool:fs\\/a }', 'SELECT * WHERE { ?s ?p <https://w3id.org/mdkg/tool/fs/a> }'],
    ['DESCRIBE tool:fs\\/a.', 'DESCRIBE <https://w3id.org/mdkg/tool/fs/a>.'],
    ['ASK { ex:a\\.b\\~c ex:p :x\\/y }', 'ASK { <http://example.org/a.b~c> ex:p <http://default.example/x/y> }'],
    ['ASK { ?s ex:p "tool:fs\\/a" }', 'ASK { ?s ex:p "tool:fs\\/a" }'],
    ["ASK { ?s ex:p '''tool:x\\/a''' }", "ASK { ?s ex:p '''tool:x\\/a''' }"],
    ['ASK { ?s ex:p ?o } # tool:fs\\/a\n', 'ASK { ?s ex:p ?o } # tool:fs\\/a\n'],
    ['ASK { <http://x/tool:fs> ex:p ex:a%20b }', 'ASK { <http://x/tool:fs> ex:p ex:a%20b }'],
    ['ASK { ?s ex:p ex:a%20b\\/c }', 'ASK { ?s ex:p <http://example.org/a%20b/c> }'],
  ])('%s', (query, expected) => {
    expect(expandEscapedNames(query, P)).toBe(expected);
  });
});

describe('escapeSlashesInNames', () => {
  it.each([
    ['SELECT * { tool:petstore/getPetById ?p ?o }', 'SELECT * { tool:petstore\\/getPetById ?p ?o }'],
    ['SELECT * { ?s tool:a/b/c ?o }', 'SELECT * { ?s tool:a\\/b\\/c ?o }'],
    ['SELECT * { ?s schema:knows/schema:name ?o }', 'SELECT * { ?s schema:knows/schema:name ?o }'],
    ['SELECT * { ?s ex:p/:q ?o }', 'SELECT * { ?s ex:p/:q ?o }'],
    ['SELECT * { ?s ex:p/^ex:q ?o }', 'SELECT * { ?s ex:p/^ex:q ?o }'],
    ['SELECT * { ?s ex:p/(ex:q|ex:r) ?o }', 'SELECT * { ?s ex:p/(ex:q|ex:r) ?o }'],
    ['SELECT * { ?s ex:p/a ?o }', 'SELECT * { ?s ex:p/a ?o }'],
    ['SELECT * { ?s ?p "tool:a/b" . <http://x/tool:a/b> ?p ?o } # tool:a/b', 'SELECT * { ?s ?p "tool:a/b" . <http://x/tool:a/b> ?p ?o } # tool:a/b'],
    ['SELECT (?a/?b AS ?c) {}', 'SELECT (?a/?b AS ?c) {}'],
  ])('%s', (query, expected) => {
    expect(escapeSlashesInNames(query)).toBe(expected);
  });
});
