import { describe, expect, it } from 'vitest';
import { objectMatch } from '../../../src/search/rank/object-match.js';

describe('objectMatch', () => {
  const relation = { term: 'relat', forms: ['relat'] };
  const folder = { term: 'folder', forms: ['folder', 'directori'] };
  it.each<[string, Parameters<typeof objectMatch>[0], string[], number, { objectInName: number; actionObject: number }]>([
    // the name says both what the request does and to what
    ['delete_relations for "remove a relation"', relation, ['delet', 'relat'], 1, { objectInName: 1, actionObject: 1 }],
    // the object alone: another action on the same thing
    ['create_relations for "remove a relation"', relation, ['creat', 'relat'], -1, { objectInName: 1, actionObject: 0 }],
    // the action alone: the same action on something else
    ['delete_entities for "remove a relation"', relation, ['delet', 'entiti'], 1, { objectInName: 0, actionObject: 0 }],
    // an equivalent of the object names it ("folder" -> directory)
    ['create_directory for "make a folder"', folder, ['creat', 'directori'], 1, { objectInName: 1, actionObject: 1 }],
    // a tool or a request with no verb class says nothing of the action
    ['a tool with no verb', folder, ['directori', 'tree'], 0, { objectInName: 1, actionObject: 0 }],
    ['a request with no object', undefined, ['delet', 'relat'], 1, { objectInName: 0, actionObject: 0 }],
  ])('%s', (_, object, name, action, expected) => {
    expect(objectMatch(object, new Set(name), action)).toEqual(expected);
  });
});
