// HTTP Digest access authentication (RFC 7616, MD5 and SHA-256, qop=auth), what Virtuoso's
// /sparql-graph-crud-auth and /sparql-auth ask for. The password never crosses the wire.
import { createHash, randomBytes } from 'node:crypto';

export interface DigestChallenge {
  realm: string;
  nonce: string;
  opaque?: string;
  qop?: string;
  algorithm: 'MD5' | 'SHA-256';
}

const PARAM = /([A-Za-z-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g;

/** The Digest challenge of a WWW-Authenticate header, or undefined when there is none usable. */
export function parseDigestChallenge(header: string | null): DigestChallenge | undefined {
  if (header === null || header.length > 4096) return undefined;
  const at = header.search(/\bDigest\s/i);
  if (at < 0) return undefined;
  const params = new Map<string, string>();
  for (const m of header.slice(at + 7).matchAll(PARAM)) params.set((m[1] ?? '').toLowerCase(), (m[2] ?? m[3] ?? '').replace(/\\(.)/g, '$1'));
  const realm = params.get('realm');
  const nonce = params.get('nonce');
  const algorithm = (params.get('algorithm') ?? 'MD5').toUpperCase();
  if (realm === undefined || nonce === undefined || (algorithm !== 'MD5' && algorithm !== 'SHA-256')) return undefined;
  const qops = (params.get('qop') ?? '').split(',').map((q) => q.trim());
  const opaque = params.get('opaque');
  return { realm, nonce, algorithm, ...(opaque === undefined ? {} : { opaque }), ...(qops.includes('auth') ? { qop: 'auth' } : {}) };
}

const quoted = (text: string): string => `"${text.replace(/["\\]/g, '\\$&')}"`;

/** The Authorization header answering `challenge` for one request (`nc`: how often this nonce was used, from 1). */
export function digestAuthorization(
  challenge: DigestChallenge,
  credentials: { user: string; password: string },
  request: { method: string; uri: string },
  nc: number,
  cnonce: string = randomBytes(8).toString('hex'),
): string {
  const hash = (text: string): string =>
    createHash(challenge.algorithm === 'MD5' ? 'md5' : 'sha256')
      .update(text)
      .digest('hex');
  const ha1 = hash(`${credentials.user}:${challenge.realm}:${credentials.password}`);
  const ha2 = hash(`${request.method}:${request.uri}`);
  const count = nc.toString(16).padStart(8, '0');
  const response = challenge.qop === 'auth' ? hash(`${ha1}:${challenge.nonce}:${count}:${cnonce}:auth:${ha2}`) : hash(`${ha1}:${challenge.nonce}:${ha2}`);
  const parts = [
    `username=${quoted(credentials.user)}`,
    `realm=${quoted(challenge.realm)}`,
    `nonce=${quoted(challenge.nonce)}`,
    `uri=${quoted(request.uri)}`,
    `algorithm=${challenge.algorithm}`,
    `response=${quoted(response)}`,
    ...(challenge.opaque === undefined ? [] : [`opaque=${quoted(challenge.opaque)}`]),
    ...(challenge.qop === 'auth' ? [`qop=auth`, `nc=${count}`, `cnonce=${quoted(cnonce)}`] : []),
  ];
  return `Digest ${parts.join(', ')}`;
}
