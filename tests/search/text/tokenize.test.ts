import { describe, expect, it } from 'vitest';
import { stem } from '../../../src/lexicon/stem.js';
import { terms, tokenize } from '../../../src/search/text/tokenize.js';
import type { Token } from '../../../src/search/types.js';

const compact = (text: string): [string, Token['kind']][] => tokenize(text).map((t) => [t.term, t.kind]);

describe('tokenize: English words', () => {
  it.each([
    ['Read the complete contents of a file from the file system.', ['read', 'complet', 'content', 'file', 'file', 'system']],
    ['Lists all Pods in the given namespace', ['list', 'pod', 'given', 'namespac']],
    ['Deletes a user by their ID', ['delet', 'user', 'id']],
    ['the a of to and or', []],
    ["user's files don't", ['user', 'file', 'don']],
    ['x C r', ['x', 'c', 'r']],
  ])('%s', (text, expected) => {
    expect(terms(text)).toEqual(expected);
  });
});

describe('tokenize: identifiers in code style', () => {
  it.each([
    ['getUserById', ['get', 'user', 'id', 'getuserbyid']],
    ['get_user_by_id', ['get', 'user', 'id']],
    ['list_pods', ['list', 'pod']],
    ['list-pods', ['list', 'pod']],
    ['os.path.join', ['os', 'path', 'join']],
    ['HTTPServer', ['http', 'server', 'httpserver']],
    ['userIDs', ['user', 'id', 'userid']],
    ['getAPIsList', ['get', 'api', 'list', 'getapislist']],
    ['S3Bucket', ['s3', 'bucket', 's3bucket']],
    ['OAuth2Token', ['o', 'auth2', 'token', 'oauth2token']],
    ['GitHub', ['git', 'hub', 'github']],
    ['github', ['github']],
    ['2FA k8s ec2 base64url', ['2fa', 'k8s', 'ec2', 'base64url']],
    ['SCREAMING_SNAKE_CASE', ['scream', 'snake', 'case']],
  ])('%s', (text, expected) => {
    expect(terms(text)).toEqual(expected);
  });

  it('keeps the surface of each part, before stemming', () => {
    expect(tokenize('listPods')).toEqual([
      { term: 'list', surface: 'list', kind: 'word' },
      { term: 'pod', surface: 'Pods', kind: 'word' },
      { term: 'listpod', surface: 'listPods', kind: 'word' },
    ]);
  });
});

describe('stem: query and index meet', () => {
  it.each([
    ['pods', 'pod'],
    ['statuses', 'status'],
    ['status', 'status'],
    ['policies', 'polici'],
    ['policy', 'polici'],
    ['creates', 'creat'],
    ['created', 'creat'],
    ['creating', 'creat'],
    ['create', 'creat'],
    ['deploys', 'deploy'],
    ['deployment', 'deploy'],
    ['aliases', 'alia'],
    ['alias', 'alia'],
    ['analyses', 'analysi'],
    ['analysis', 'analysi'],
    ['indices', 'index'],
    ['running', 'run'],
    ['branches', 'branch'],
    ['news', 'news'],
    ['new', 'new'],
    ['general', 'general'],
    ['generate', 'generat'],
    ['id', 'id'],
    ['v2', 'v2'],
    ['naïve', 'naïve'],
  ])('%s -> %s', (word, expected) => {
    expect(stem(word)).toBe(expected);
  });

  it('does not stem words longer than 40 letters', () => {
    const long = `${'a'.repeat(40)}ing`;
    expect(stem(long)).toBe(long);
  });
});

describe('tokenize: identifiers kept whole', () => {
  it.each<[string, [string, Token['kind']][]]>([
    [
      'bob.smith+tag@example.co.uk',
      [
        ['bob.smith+tag@example.co.uk', 'identifier'],
        ['email', 'word'],
      ],
    ],
    [
      'https://www.github.com/acme/api/pull/42?tab=files#top',
      [
        ['https://www.github.com/acme/api/pull/42?tab=files#top', 'identifier'],
        ['url', 'word'],
        ['github', 'word'],
        ['acm', 'word'],
        ['api', 'word'],
        ['pull', 'word'],
        ['42', 'word'],
      ],
    ],
    [
      'http://user:pw@api.example.com:8080',
      [
        ['http://user:pw@api.example.com:8080', 'identifier'],
        ['url', 'word'],
        ['api', 'word'],
        ['exampl', 'word'],
      ],
    ],
    [
      '/etc/hosts',
      [
        ['/etc/hosts', 'identifier'],
        ['path', 'word'],
        ['etc', 'word'],
        ['host', 'word'],
      ],
    ],
    [
      'C:\\Users\\Bob',
      [
        ['c:\\users\\bob', 'identifier'],
        ['path', 'word'],
        ['c', 'word'],
        ['user', 'word'],
        ['bob', 'word'],
      ],
    ],
    [
      './src/a.ts',
      [
        ['./src/a.ts', 'identifier'],
        ['path', 'word'],
        ['src', 'word'],
        ['ts', 'word'],
      ],
    ],
    [
      '~/notes.md',
      [
        ['~/notes.md', 'identifier'],
        ['path', 'word'],
        ['note', 'word'],
        ['md', 'word'],
      ],
    ],
    [
      'src/search/tokenize.ts',
      [
        ['src/search/tokenize.ts', 'identifier'],
        ['path', 'word'],
        ['src', 'word'],
        ['search', 'word'],
        ['token', 'word'],
        ['ts', 'word'],
      ],
    ],
    [
      '/pets/{petId}',
      [
        ['/pets/{petid}', 'identifier'],
        ['path', 'word'],
        ['pet', 'word'],
        ['pet', 'word'],
        ['id', 'word'],
        ['petid', 'word'],
      ],
    ],
    [
      'v1.2.3',
      [
        ['1.2.3', 'identifier'],
        ['version', 'word'],
      ],
    ],
    [
      '1.2.3-beta.1+build.5',
      [
        ['1.2.3-beta.1+build.5', 'identifier'],
        ['version', 'word'],
      ],
    ],
    ['1.0', [['1.0', 'identifier']]],
    ['#123', [['#123', 'identifier']]],
    [
      'ORD-2024-001',
      [
        ['ord-2024-001', 'identifier'],
        ['ord', 'word'],
      ],
    ],
    [
      'JIRA-42',
      [
        ['jira-42', 'identifier'],
        ['jira', 'word'],
      ],
    ],
    [
      'CVE-2024-12345',
      [
        ['cve-2024-12345', 'identifier'],
        ['cve', 'word'],
      ],
    ],
    ['1Z999AA10123456784', [['1z999aa10123456784', 'identifier']]],
    [
      '192.168.0.1',
      [
        ['192.168.0.1', 'identifier'],
        ['ip', 'word'],
      ],
    ],
    [
      '10.0.0.0/8',
      [
        ['10.0.0.0/8', 'identifier'],
        ['ip', 'word'],
      ],
    ],
    [
      '127.0.0.1:8080',
      [
        ['127.0.0.1:8080', 'identifier'],
        ['ip', 'word'],
      ],
    ],
    [
      '2001:db8::1',
      [
        ['2001:db8::1', 'identifier'],
        ['ip', 'word'],
      ],
    ],
    ['3FA85F64-5717-4562-B3FC-2C963F66AFA6', [['3fa85f64-5717-4562-b3fc-2c963f66afa6', 'identifier']]],
    ['a1b2c3d', [['a1b2c3d', 'identifier']]],
    ['0xDEADBEEF1', [['0xdeadbeef1', 'identifier']]],
    ['123456', [['123456', 'identifier']]],
    [
      '2024-01-15',
      [
        ['2024-01-15', 'identifier'],
        ['date', 'word'],
      ],
    ],
    [
      '2024-01-15T10:30:00Z',
      [
        ['2024-01-15t10:30:00z', 'identifier'],
        ['date', 'word'],
      ],
    ],
  ])('%s', (text, expected) => {
    expect(compact(text)).toEqual(expected);
  });

  it('keeps the identifier surface and drops trailing sentence punctuation', () => {
    expect(tokenize('Edit /etc/hosts.')).toEqual([
      { term: 'edit', surface: 'Edit', kind: 'word' },
      { term: '/etc/hosts', surface: '/etc/hosts', kind: 'identifier' },
      { term: 'path', surface: '/etc/hosts', kind: 'word' },
      { term: 'etc', surface: 'etc', kind: 'word' },
      { term: 'host', surface: 'hosts', kind: 'word' },
    ]);
  });

  it.each([
    ['not identifiers: words around punctuation', 'read/write and/or application/json e.g. 12:30', ['read', 'write', 'applic', 'json', 'e', 'g', '12', '30']],
    ['short numbers and hex-looking words stay words', '12345 deadbeef sha256', ['12345', 'deadbeef', 'sha256']],
    ['an IPv4 address with an octet over 255 is a version', '999.1.1.1', ['999.1.1.1', 'version']],
    ['a one-letter prefix is no ticket', 'x-1', ['x', '1']],
  ])('%s', (_, text, expected) => {
    expect(terms(text)).toEqual(expected);
  });
});

describe('tokenize: Korean, Japanese, Chinese', () => {
  it.each<[string, [string, Token['kind']][]]>([
    [
      '사용자를 삭제해줘',
      [
        ['사용', 'ngram'],
        ['용자', 'ngram'],
        ['자를', 'ngram'],
        ['삭제', 'ngram'],
        ['제해', 'ngram'],
        ['해줘', 'ngram'],
      ],
    ],
    [
      'GitHub 이슈 생성',
      [
        ['git', 'word'],
        ['hub', 'word'],
        ['github', 'word'],
        ['이슈', 'ngram'],
        ['생성', 'ngram'],
      ],
    ],
    [
      '파일 2개',
      [
        ['파일', 'ngram'],
        ['2', 'word'],
        ['개', 'ngram'],
      ],
    ],
    [
      'ファイルを削除',
      [
        ['ファ', 'ngram'],
        ['ァイ', 'ngram'],
        ['イル', 'ngram'],
        ['削除', 'ngram'],
      ],
    ],
    [
      'ユーザーを作成します',
      [
        ['ユー', 'ngram'],
        ['ーザ', 'ngram'],
        ['ザー', 'ngram'],
        ['作成', 'ngram'],
        ['しま', 'ngram'],
        ['ます', 'ngram'],
      ],
    ],
    [
      '取り消し',
      [
        ['取', 'ngram'],
        ['り', 'ngram'],
        ['消', 'ngram'],
        ['し', 'ngram'],
      ],
    ],
    [
      'ｶﾀｶﾅ',
      [
        ['カタ', 'ngram'],
        ['タカ', 'ngram'],
        ['カナ', 'ngram'],
      ],
    ],
    [
      '删除文件',
      [
        ['删除', 'ngram'],
        ['除文', 'ngram'],
        ['文件', 'ngram'],
      ],
    ],
    ['漢', [['漢', 'ngram']]],
    ['𠀋𠀋', [['𠀋𠀋', 'ngram']]],
    [
      'Slack채널에 send',
      [
        ['slack', 'word'],
        ['채널', 'ngram'],
        ['널에', 'ngram'],
        ['send', 'word'],
      ],
    ],
    [
      '请删除S3文件。',
      [
        ['请删', 'ngram'],
        ['删除', 'ngram'],
        ['s3', 'word'],
        ['文件', 'ngram'],
      ],
    ],
  ])('%s', (text, expected) => {
    expect(compact(text)).toEqual(expected);
  });
});

describe('tokenize: Unicode normalization and hostile input', () => {
  it.each([
    ['NFKC ligature', 'ﬁle', ['file']],
    ['full-width letters', 'ＡＢＣ　ｄｅｆ', ['abc', 'def']],
    ['case folding beyond ASCII', 'ΣΊΣΥΦΟΣ Straße', ['σίσυφος', 'straße']],
    ['control characters separate', 'delete\u0000user\u0007now', ['delet', 'user', 'now']],
    ['zero-width characters separate', 'foo\u200bbar\u200dbaz\ufeffqux', ['foo', 'bar', 'baz', 'qux']],
    ['lone surrogates separate', 'a\ud800b\udc00c', ['b', 'c']],
    ['emoji separate', 'ship😀order', ['ship', 'order']],
    ['empty', '', []],
    ['whitespace only', ' \t\n ', []],
    ['punctuation only', '... !!! --- /// ::', []],
  ])('%s', (_, text, expected) => {
    expect(terms(text)).toEqual(expected);
  });

  it.each([
    ['one letter', 'a'],
    ['dots', '.'],
    ['word and dot', 'a.'],
    ['alternating case', 'aA'],
    ['digits', '7'],
    ['number and dot', '1.'],
    ['slash and letter', '/a'],
    ['at sign', 'a@'],
    ['ticket-like', 'a-1'],
    ['colons', 'ab::'],
    ['urls', 'http://a'],
    ['Han', '漢'],
    ['lone surrogate', '\ud800'],
  ])('256 KiB of %s: terms() and tokenize() agree (time: benchmarks/linear-time.ts)', (_, unit) => {
    // Far past every length limit of the tokenizer (identifiers, runs); the time is the benchmark's.
    const text = unit.repeat(Math.ceil((1 << 18) / unit.length));
    expect(terms(text)).toEqual(tokenize(text).map((t) => t.term));
  });

  it('terms() is tokenize() without the objects', () => {
    const text = 'File a GitHub bug in acme/api#12 for CVE-2024-1 (사용자 삭제) at https://x.io/a';
    expect(terms(text)).toEqual(tokenize(text).map((t) => t.term));
  });

  it.each([
    'getUserById HTTPServer userIDs S3Bucket 2FA oauth2',
    'read /etc/hosts. then mail a@b.com, v1.2.3: done?',
    'listCoreV1NamespacedPod watchCoreV1PodListForAllNamespaces',
    'ファイルを削除 사용자를 조회하고 삭제해줘 漢字',
    'the a of the and or IS',
    `${'x'.repeat(39)} ${'y'.repeat(40)} ${'z'.repeat(41)} ${'Ab'.repeat(30)}`,
    'ＤＥＬＥＴＥ ａ ｆｉｌｅ',
  ])('terms() with its chunk memo equals tokenize(), first and second time: %s', (text) => {
    const expected = tokenize(text).map((t) => t.term);
    expect(terms(text)).toEqual(expected);
    expect(terms(text)).toEqual(expected);
    expect(terms(`${text} ${text}`)).toEqual([...expected, ...expected]);
  });
});
