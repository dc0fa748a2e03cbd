import { describe, expect, it } from 'vitest';
import { classifyIntent } from '../../../src/search/request/intent.js';
import type { Intent } from '../../../src/search/types.js';

type Scores = [read: number, write: number, del: number];

describe('classifyIntent', () => {
  it.each<[string, Intent, Scores, string[]]>([
    // English: one verb, in any form
    ['delete the user', 'delete', [0, 0, 1], ['delete']],
    ['I need to remove a file', 'delete', [0, 0, 1], ['remove']],
    ['Deleting old branches', 'delete', [0, 0, 1], ['delete']],
    ['create an issue', 'write', [0, 1, 0], ['create']],
    ['please update my address', 'write', [0, 1, 0], ['update']],
    ['show me the pods', 'read', [1, 0, 0], ['show']],
    ['ＤＥＬＥＴＥ ａ ｆｉｌｅ', 'delete', [0, 0, 1], ['delete']],
    // the first verb leads; later ones count once
    ['show me recent changes', 'read', [2 / 3, 1 / 3, 0], ['show', 'change']],
    ['show me new messages', 'read', [1, 0, 0], ['show']],
    // coordinated verbs both lead; a tie goes to the more consequential class
    ['find and delete old files', 'delete', [0.5, 0, 0.5], ['find', 'delete']],
    ['search and replace text', 'write', [0.5, 0.5, 0], ['search', 'replace']],
    ['list pods then archive them', 'write', [0.5, 0.5, 0], ['list', 'archive']],
    // questions ask for information
    ['what are the pods', 'read', [1, 0, 0], ['what']],
    ['how do I delete a user', 'delete', [1 / 3, 0, 2 / 3], ['how', 'delete']],
    // nothing to go on
    ['the weather in Paris', 'neutral', [0, 0, 0], []],
    ['', 'neutral', [0, 0, 0], []],
    ['a new issue', 'neutral', [0, 0, 0], []],
    // `new` is an adjective, never a verb; `open` reads a file but creates a ticket or an account:
    // neither sets the intent of a request (requests.notVerbs)
    ['new tab', 'neutral', [0, 0, 0], []],
    ['open the settings file', 'neutral', [0, 0, 0], []],
    ['open a support ticket', 'neutral', [0, 0, 0], []],
    ['list open pull requests', 'read', [1, 0, 0], ['list']],
    // `fix` changes what is there
    ['fix the broken link', 'write', [0, 1, 0], ['fix']],
    // Korean: the last verb leads
    ['사용자 삭제', 'delete', [0, 0, 1], ['삭제']],
    ['사용자를 삭제해줘', 'delete', [0, 0, 1], ['삭제']],
    ['사용자를 조회하고 삭제해줘', 'delete', [1 / 3, 0, 2 / 3], ['조회', '삭제']],
    ['파일 목록을 보여줘', 'read', [1, 0, 0], ['목록', '보여']],
    ['GitHub 이슈 생성', 'write', [0, 1, 0], ['생성']],
    ['구독해지 해줘', 'delete', [0, 0, 1], ['구독해지']],
    ['서울 날씨 어때', 'neutral', [0, 0, 0], []],
    ['서버 몇 대', 'read', [1, 0, 0], ['몇']],
    // Japanese
    ['ファイルを削除', 'delete', [0, 0, 1], ['削除']],
    ['ユーザーを検索して削除', 'delete', [1 / 3, 0, 2 / 3], ['検索', '削除']],
    ['予約を取り消して', 'delete', [0, 1 / 3, 2 / 3], ['予約', '取り消し']],
    ['ファイルを探して', 'read', [1, 0, 0], ['探し']],
    ['設定を変えて', 'write', [0, 1, 0], ['設定', '変え']],
    ['東京の天気', 'neutral', [0, 0, 0], []],
    // mixed languages: each language's main verb leads
    ['delete 사용자 조회', 'delete', [0.5, 0, 0.5], ['delete', '조회']],
  ])('%s -> %s', (query, intent, [read, write, del], verbs) => {
    const result = classifyIntent(query);
    expect(result.intent).toBe(intent);
    expect(result.scores).toEqual({ read, write, delete: del });
    expect(result.verbs.map((v) => v.verb)).toEqual(verbs);
  });

  it.each<[string, string[]]>([
    ['delete the user', ['delete']],
    ['create an issue', ['create']],
    ['please update my address', ['update']],
    // only main verbs: the first, and those coordinated after it
    ['show me recent changes', ['read']],
    ['find and delete old files', ['read', 'delete']],
    ['search and replace text', ['read', 'update']],
    // a question without a verb asks to read
    ['what books are on the shelf?', ['read']],
    ['how do I delete a user', ['delete']],
    // Korean and Japanese: the last verb
    ['사용자를 조회하고 삭제해줘', ['delete']],
    ['予約を取り消して', ['delete']],
    ['delete 사용자 조회', ['delete', 'read']],
    // nothing to go on; 'open' and 'new' are not counted in requests
    ['the weather in Paris', []],
    ['open a bank account', []],
    ['a new issue', []],
  ])('actions of %s -> %j', (query, actions) => {
    expect(classifyIntent(query).actions).toEqual(actions);
  });

  it('names the language and intent of each verb', () => {
    expect(classifyIntent('삭제 and create ファイル一覧').verbs).toEqual([
      { verb: 'create', lang: 'en', intent: 'write' },
      { verb: '삭제', lang: 'ko', intent: 'delete' },
      { verb: '一覧', lang: 'ja', intent: 'read' },
    ]);
  });

  it('scores sum to 1 whenever a verb matched', () => {
    for (const q of ['get and set and delete', '조회 생성 삭제', 'what to create']) {
      const { scores } = classifyIntent(q);
      expect(scores.read + scores.write + scores.delete).toBeCloseTo(1, 12);
    }
  });
});
