import { describe, expect, it } from 'vitest';
import { digestAuthorization, parseDigestChallenge } from '../../src/store/digest-auth.js';

// RFC 7616 section 3.9.1: the worked example, with MD5 and SHA-256.
const RFC = {
  realm: 'http-auth@example.org',
  nonce: '7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v',
  opaque: 'FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS',
  cnonce: 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ',
};

describe('digest auth', () => {
  it.each([
    ['MD5', '8ca523f5e9506fed4657c9700eebdbec'],
    ['SHA-256', '753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1'],
  ] as const)('answers the RFC 7616 example with %s', (algorithm, response) => {
    const challenge = parseDigestChallenge(
      `Digest realm="${RFC.realm}", qop="auth, auth-int", algorithm=${algorithm}, nonce="${RFC.nonce}", opaque="${RFC.opaque}"`,
    );
    expect(challenge).toEqual({ realm: RFC.realm, nonce: RFC.nonce, opaque: RFC.opaque, qop: 'auth', algorithm });
    const header = digestAuthorization(challenge!, { user: 'Mufasa', password: 'Circle of Life' }, { method: 'GET', uri: '/dir/index.html' }, 1, RFC.cnonce);
    expect(header).toBe(
      `Digest username="Mufasa", realm="${RFC.realm}", nonce="${RFC.nonce}", uri="/dir/index.html", algorithm=${algorithm}, response="${response}", opaque="${RFC.opaque}", qop=auth, nc=00000001, cnonce="${RFC.cnonce}"`,
    );
  });

  it.each([
    [null],
    ['Basic realm="x"'],
    ['Digest nonce="n"'],
    ['Digest realm="r"'],
    ['Digest realm="r", nonce="n", algorithm=SHA-512-256'],
    [`Digest realm="${'r'.repeat(5000)}", nonce="n"`],
  ])('ignores a challenge it cannot answer: %s', (header) => {
    expect(parseDigestChallenge(header)).toBeUndefined();
  });

  it('reads Virtuoso’s challenge and escapes quotes in the user name', () => {
    const challenge = parseDigestChallenge(
      'Digest realm="SPARQL", domain="/sparql-graph-crud-auth", nonce="42be9e", opaque="5ebe22", stale="false", qop="auth", algorithm="MD5"',
    );
    expect(challenge).toEqual({ realm: 'SPARQL', nonce: '42be9e', opaque: '5ebe22', qop: 'auth', algorithm: 'MD5' });
    expect(digestAuthorization(challenge!, { user: 'a"b', password: 'p' }, { method: 'PUT', uri: '/x?graph=g' }, 255, 'c')).toContain('username="a\\"b"');
    expect(digestAuthorization(challenge!, { user: 'u', password: 'p' }, { method: 'PUT', uri: '/x' }, 255, 'c')).toContain('nc=000000ff');
  });
});
