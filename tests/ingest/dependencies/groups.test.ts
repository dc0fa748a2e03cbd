import { describe, expect, it } from 'vitest';
import { detectDependencies } from '../../../src/ingest/dependencies/index.js';
import { nounPhrase } from '../../../src/ingest/dependencies/groups.js';
import { mcp, op } from '../../helpers/tool-models.js';

describe('nounPhrase', () => {
  it.each([
    ['create_entities', ['entity']],
    ['get_pull_request_reviews', ['pull', 'request', 'review']],
    ['create_or_update_file', ['file']],
    ['list_allowed_directories', ['directory']],
    ['read_multiple_files', ['file']],
    ['directory_tree', ['directory', 'tree']],
    ['get_post', ['post']],
    ['file_remove', ['file']],
    ['browser_navigate', ['browser', 'navigate']],
  ])('%s', (name, phrase) => {
    expect(nounPhrase(name)).toEqual(phrase);
  });
});

describe('groups', () => {
  it('groups OpenAPI operations by resource segments and tags, without prefixes and verbs', () => {
    const { groups } = detectDependencies([
      op('listPods', 'GET', '/api/v1/namespaces/{namespace}/pods', { tags: ['core'] }),
      op('watchPods', 'GET', '/api/v1/watch/namespaces/{namespace}/pods', { tags: ['core'] }),
      op('readPodLog', 'GET', '/api/v1/namespaces/{namespace}/pods/{name}/log', { tags: ['core'] }),
      op('listNodes', 'GET', '/api/v1/nodes', { tags: ['core'] }),
      op('readNode', 'GET', '/api/v1/nodes/{name}', { tags: ['core'] }),
      op('getVersion', 'GET', '/version', { tags: ['Version Info'] }),
    ]);
    expect(groups).toEqual([
      { id: 'core', name: 'core', members: ['listNodes', 'listPods', 'readNode', 'readPodLog', 'watchPods'] },
      { id: 'namespace-pod', name: 'namespace pod', members: ['listPods', 'readPodLog', 'watchPods'] },
      { id: 'node', name: 'node', members: ['listNodes', 'readNode'] },
    ]);
  });

  it('groups MCP tools by shared nouns of two or more tools, merging terms with the same members', () => {
    const { groups } = detectDependencies([
      mcp('create_entities'),
      mcp('delete_entities'),
      mcp('search_nodes'),
      mcp('open_nodes'),
      mcp('read_graph'),
      mcp('create_pull_request'),
      mcp('get_pull_request'),
    ]);
    expect(groups).toEqual([
      { id: 'entity', name: 'entity', members: ['create_entities', 'delete_entities'] },
      { id: 'node', name: 'node', members: ['open_nodes', 'search_nodes'] },
      { id: 'pull-request', name: 'pull request', members: ['create_pull_request', 'get_pull_request'] },
    ]);
  });

  it('drops a term every tool has', () => {
    expect(detectDependencies([mcp('browser_click'), mcp('browser_type'), mcp('browser_close')]).groups).toEqual([]);
  });
});
