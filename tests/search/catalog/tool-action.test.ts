import { describe, expect, it } from 'vitest';
import { toolActions } from '../../../src/search/catalog/tool-action.js';

describe('toolActions', () => {
  it('takes the first word of the name and its verb class', () => {
    const tools = [
      { name: 'listCoreV1NamespacedPod', source: 'k8s' },
      { name: 'connectCoreV1GetNamespacedPodAttach', source: 'k8s' },
      { name: 'create_issue', source: 'gh' },
      { name: 'deleteUser', source: 'petstore' },
      { name: 'find_and_delete_files', source: 'fs' },
      { name: 'user_remove', source: 'admin' },
      { name: 'ping', source: 'net' },
      { name: 'status', source: 'net' },
    ];
    // the verb class is the tool's verb by the one rule (lexicon verbInWords): the first listed verb
    // of the name, or the most consequential of coordinated verbs
    expect(toolActions(tools)).toEqual([
      { word: 'list', verbClass: 'read' },
      { word: 'connect', verbClass: 'read' },
      { word: 'create', verbClass: 'create' },
      { word: 'delete', verbClass: 'delete' },
      { word: 'find', verbClass: 'delete' },
      { word: 'user', verbClass: 'delete' },
      { word: 'ping', verbClass: 'read' },
      { word: 'status' },
    ]);
  });

  it('skips a prefix that at least half of a source of 4+ tools share', () => {
    const tools = ['git_status', 'git_add', 'git_reset', 'remove_file'].map((name) => ({ name, source: 'cli' }));
    expect(toolActions(tools).map((a) => a.word)).toEqual(['status', 'add', 'reset', 'remove']);
    // a source of 3 tools keeps the first word
    const small = ['git_status', 'git_add', 'git_log'].map((name) => ({ name, source: 'small' }));
    expect(toolActions(small).map((a) => a.word)).toEqual(['git', 'git', 'git']);
  });

  it('gives an empty action for an empty name', () => {
    expect(toolActions([{ name: '__', source: 's' }])).toEqual([{}]);
  });
});
