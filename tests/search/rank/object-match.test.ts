import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameHead, objectMatch } from '../../../src/search/rank/object-match.js';

describe('objectMatch', () => {
  const relation = { term: 'relat', forms: ['relat'] };
  const folder = { term: 'folder', forms: ['folder', 'directori'] };
  const configuration = { term: 'configur', forms: ['configur', 'config'] };
  it.each<[string, Parameters<typeof objectMatch>[0], string[], string, number, { objectInName: number; actionObject: number }]>([
    // the name says both what the request does and to what
    ['delete_relations for "remove a relation"', relation, ['delet', 'relat'], 'relat', 1, { objectInName: 1, actionObject: 1 }],
    // the object alone: another action on the same thing
    ['create_relations for "remove a relation"', relation, ['creat', 'relat'], 'relat', -1, { objectInName: 1, actionObject: 0 }],
    // the action alone: the same action on something else
    ['delete_entities for "remove a relation"', relation, ['delet', 'entiti'], 'entiti', 1, { objectInName: 0, actionObject: 0 }],
    // an equivalent of the object names it ("folder" -> directory)
    ['create_directory for "make a folder"', folder, ['creat', 'directori'], 'directori', 1, { objectInName: 1, actionObject: 1 }],
    // the object only modifies the name's head: a ConfigMap is a map
    ['patchConfigMap for "update a configuration"', configuration, ['patch', 'config', 'map'], 'map', 1, { objectInName: 1, actionObject: 0 }],
    // a tool or a request with no verb class says nothing of the action
    ['a tool with no verb', folder, ['directori', 'tree'], 'tree', 0, { objectInName: 1, actionObject: 0 }],
    ['a request with no object', undefined, ['delet', 'relat'], 'relat', 1, { objectInName: 0, actionObject: 0 }],
  ])('%s', (_, object, name, head, action, expected) => {
    expect(objectMatch(object, { terms: new Set(name), head: new Set([head]) }, action)).toEqual(expected);
  });
});

describe('nameHead', () => {
  it.each<[string[], string | undefined]>([
    [['delete', 'relations'], 'relations'],
    [['patch', 'Core', 'V1', 'Namespaced', 'Config', 'Map'], 'Map'],
    // a prepositional phrase after the head modifies it
    [['list', 'directory', 'with', 'sizes'], 'directory'],
    [['find', 'Pets', 'By', 'Status'], 'Pets'],
    [['list', 'Core', 'V1', 'Pod', 'For', 'All', 'Namespaces'], 'Pod'],
    // a conjunction before any noun does not end the phrase
    [['create', 'or', 'update', 'file'], 'file'],
    // a leading verb is the action: the phrase after it has the head
    [['add', 'To', 'Cart'], 'Cart'],
    [['remove', 'From', 'Wishlist'], 'Wishlist'],
    [['browser', 'console', 'messages'], 'messages'],
    // one word heads itself; values and function words never do
    [['echo'], 'echo'],
    [['v2'], undefined],
    [['the', 'of'], undefined],
    [[], undefined],
  ])('%j -> %s', (words, expected) => {
    expect(nameHead(words)).toBe(expected);
  });

  it("is one of the name's words, never a function word or a value (property)", () => {
    const word = fc.constantFrom('get', 'list', 'add', 'To', 'By', 'with', 'or', 'the', 'Pets', 'Status', 'v1', 'Core', 'Map', 'a', '2');
    fc.assert(
      fc.property(fc.array(word, { maxLength: 10 }), (words) => {
        const head = nameHead(words);
        if (head === undefined) return;
        expect(words).toContain(head);
        expect(['to', 'by', 'with', 'or', 'the', 'a', 'v1', '2']).not.toContain(head.toLowerCase());
      }),
    );
  });
});
