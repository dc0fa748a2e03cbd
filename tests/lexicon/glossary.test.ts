import { describe, expect, it } from 'vitest';
import { glossChinese, glossHangul, glossJapanese, type GlossPiece } from '../../src/lexicon/glossary.js';

const read = (pieces: GlossPiece[]): string[] => pieces.map((p) => (p.english === undefined ? `=${p.text}` : `${p.role}:${p.english}`));

describe('glossHangul', () => {
  it.each<[string, string[]]>([
    // a noun with each particle
    ['파일을', ['noun:file']],
    ['파일이', ['noun:file']],
    ['폴더에서', ['noun:folder']],
    ['폴더로', ['noun:folder']],
    ['로그의', ['noun:log']],
    ['경로도', ['noun:path']],
    // compounds of glossary words
    ['환경변수를', ['noun:environment', 'noun:variable']],
    // whole words only: 파일럿 is a pilot, not a file; 블로그 is not 로그; 열쇠 is not 열다
    ['파일럿', ['noun:pilot']],
    ['파일럿을', ['noun:pilot']],
    ['블로그', ['noun:blog']],
    ['열쇠를', ['noun:key']],
    ['파일철', ['=파일철']],
    // verbs, plain and polite forms
    ['열어', ['verb:open']],
    ['열어줘', ['verb:open']],
    ['열어요', ['verb:open']],
    ['옮겨줘', ['verb:move']],
    ['옮기다', ['verb:move']],
    ['지워', ['verb:delete']],
    ['지워요', ['verb:delete']],
    ['만들어줄래', ['verb:create']],
    ['삭제해줘', ['verb:delete']],
    ['삭제합니다', ['verb:delete']],
    ['삭제했어', ['verb:delete']],
    ['수정하다', ['verb:modify']],
    // a verb's tail written apart, and fillers, are dropped
    ['주세요', []],
    ['해', []],
    ['좀', []],
    // a name keeps its letters, less its particle when two syllables stay
    ['박지성에게', ['=박지성']],
    ['서울', ['=서울']],
  ])('%s', (run, expected) => {
    expect(read(glossHangul(run))).toEqual(expected);
  });
});

describe('glossJapanese', () => {
  it.each<[string, string[]]>([
    // katakana words whole: ブログ is not ログ, ログイン is not ログ
    ['ブログ', ['noun:blog']],
    ['ログ', ['noun:log']],
    ['ログイン', ['=ログイン']],
    ['ファイルシステム', ['=ファイルシステム']],
    ['フォルダ', ['noun:folder']],
    // a word written across scripts
    ['ファイル名を', ['noun:file name']],
    // particles between words
    ['ファイルを', ['noun:file']],
    ['ログから', ['noun:log']],
    ['設定の', ['noun:settings']],
    // verbs in plain and polite forms
    ['開く', ['verb:open']],
    ['開いて', ['verb:open']],
    ['開いてください', ['verb:open']],
    ['消す', ['verb:delete']],
    ['消してください', ['verb:delete']],
    ['作ります', ['verb:create']],
    ['作って', ['verb:create']],
    ['送る', ['verb:send']],
    ['送ってほしい', ['verb:send']],
    ['読みたい', ['verb:read']],
    ['削除します', ['verb:delete']],
    // a one-character Han word stands alone: 行 is a line, 銀行 is kept as written
    ['行を', ['noun:line']],
    ['銀行', ['=銀行']],
    // longer Han words inside a compound
    ['最終更新日時', ['noun:last', 'verb:update', 'noun:time']],
  ])('%s', (run, expected) => {
    expect(read(glossJapanese(run))).toEqual(expected);
  });
});

describe('glossChinese', () => {
  it.each<[string, string[]]>([
    ['打开文件', ['verb:open', 'noun:file']],
    ['删除这个文件夹', ['verb:delete', 'noun:folder']],
    ['查看日志', ['verb:view', 'noun:log']],
    // the longest word wins: 文件夹 is a folder, not 文件 + 夹; 博客 is a blog
    ['文件夹', ['noun:folder']],
    ['博客', ['noun:blog']],
    // entries that stop a false match: 开发 is not 开 + 发 (send)
    ['开发', ['noun:development']],
    // function words go, names stay
    ['给李明发消息', ['=李明', 'verb:send', 'noun:message']],
    // a word that starts a next step
    ['读取然后保存', ['verb:read', '=,', 'verb:save']],
  ])('%s', (run, expected) => {
    expect(read(glossChinese(run))).toEqual(expected);
  });
});
