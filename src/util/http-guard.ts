// The request checks every mdkg HTTP server shares (`serve --http`, `mdkg view`): loopback host
// names, DNS-rebinding protection (Host and Origin must name a loopback host on a loopback bind)
// and bearer tokens compared in constant time.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** The host name of a Host header or an Origin (`name`, `name:port`, `[v6]:port`, `scheme://...`). */
export function hostName(value: string): string | undefined {
  try {
    return new URL(value.includes('://') ? value : `http://${value}`).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return undefined;
  }
}

/**
 * DNS rebinding: a web page can make a browser send requests to 127.0.0.1 under its own host name.
 * On a loopback bind, the Host header (and the Origin, when a browser sends one) must name a loopback host.
 */
export function sameMachine(req: IncomingMessage): boolean {
  const host = hostName(req.headers.host ?? '');
  if (host === undefined || !isLoopback(host)) return false;
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  const from = hostName(origin);
  return from !== undefined && isLoopback(from);
}

/** The credentials of an `Authorization: Bearer <token>` header: the scheme is case-insensitive (RFC 9110 §11.1), spaces around are ignored. */
export function bearerCredentials(header: string | undefined): Buffer {
  const m = /^[ \t]*bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  return Buffer.from(m?.[1] ?? '');
}

/** Constant-time comparison of the given credentials with a token (an empty credential never matches). */
export function sameToken(given: Buffer, token: string): boolean {
  const wanted = Buffer.from(token);
  return given.length > 0 && given.length === wanted.length && timingSafeEqual(given, wanted);
}
