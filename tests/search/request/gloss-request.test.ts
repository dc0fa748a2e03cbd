import { describe, expect, it } from 'vitest';
import { glossRequest, languageDiagnostic } from '../../../src/search/request/gloss-request.js';

describe('glossRequest', () => {
  it.each<[string, string, string[]]>([
    // verbs first in each clause; values kept as written
    ['메모.txt 파일 좀 열어 줄래?', 'open 메모.txt file', ['ko']],
    ['사진을 /srv/img 폴더로 옮겨 주세요', 'move image /srv/img folder', ['ko']],
    ['notes 폴더를 만들고 거기에 todo.md를 써줘', 'create notes folder, write 거기 todo.md', ['ko']],
    ['로그 파일을 지워 주세요', 'delete log file', ['ko']],
    ['파일럿 명단을 보여줘', 'show pilot 명단', ['ko']],
    ['ログファイルを開いてください', 'open log file', ['ja']],
    ['サーバーのメモリーを見せて', 'show server memory', ['ja']],
    ['ブログの記事を消して', 'delete blog 記事', ['ja']],
    ['新しいフォルダを作ってから、メモを送って', 'create new folder, send note', ['ja']],
    ['/tmp/a.logを読みます', 'read /tmp/a.log', ['ja']],
    // Chinese: the verb comes first already; a verb after its object starts the next step
    ['请帮我打开 notes.md', 'open notes.md', ['zh']],
    ['把旧的日志文件删掉', 'delete 旧 log file', ['zh']],
    ['先读取 a.txt,然后写入 b.txt', 'read a.txt, write b.txt', ['zh']],
    ['新建文件夹并且复制图片', 'create folder, copy image', ['zh']],
    ['开发一个新功能', 'development new feature', ['zh']],
    ['1,000번째 줄까지 읽어', 'read 1,000 번째 line', ['ko']],
    // a verb that describes the noun after it is a word of the clause; 다음 and 후 start the next step
    ['삭제할 폴더를 보여 주세요.', 'show delete folder', ['ko']],
    ['수정 시간을 알려줘', 'tell modify time', ['ko']],
    ['파일을 검색한 다음 지워줘', 'search file, delete', ['ko']],
    ['更新日時を教えて', 'tell update time', ['ja']],
    // English and other text untouched
    ['read the file', 'read the file', []],
  ])('%s', (request, text, languages) => {
    expect(glossRequest(request)).toEqual({ text, languages, unknownScript: undefined });
  });

  it('keeps a word the catalog has as written', () => {
    const known = (w: string): boolean => w === '파일';
    expect(glossRequest('파일을 열어줘', known).text).toBe('open 파일');
  });

  it.each<[string, string]>([
    ['открой файл', 'Cyrillic'],
    ['เปิดไฟล์', 'Thai'],
    ['ανοίξτε το αρχείο', 'Greek'],
  ])('names the script it does not read: %s', (request, script) => {
    expect(glossRequest(request)).toEqual({ text: request, languages: [], unknownScript: script });
  });

  it('says how the request was searched', () => {
    expect(languageDiagnostic('Cyrillic', undefined).severity).toBe('warning');
    expect(languageDiagnostic('Cyrillic', 'sampling')).toEqual({
      code: 'MDKG_QUERY_LANGUAGE',
      severity: 'info',
      message: "the request has letters in Cyrillic, which mdkg's glossary does not read; the query normalizer sampling rewrote it",
    });
  });
});
