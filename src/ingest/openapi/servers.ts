import type { ReadContext } from './context.js';
import { isObject, own, ownArray, ownObject, ownString, stringList } from './json.js';
import type { OperationEntry } from './operations.js';

/**
 * Base URLs of an operation. 3.x: the operation's `servers`, else the path item's, else the root's,
 * with `{variables}` replaced by their defaults (kept as written when there is none). 2.0:
 * `scheme://host basePath` for each scheme (the operation's `schemes`, else the root's, else
 * `https`), or `basePath` alone when there is no host. No servers declared: [].
 */
export function operationServers(entry: OperationEntry, ctx: ReadContext): string[] {
  if (ctx.version === '2.0') return swaggerServers(entry, ctx);
  const list = ownArray(entry.operation, 'servers') ?? ownArray(entry.pathItem, 'servers') ?? ownArray(ctx.spec, 'servers') ?? [];
  const urls: string[] = [];
  for (const server of list) {
    const url = ownString(server, 'url');
    if (url === undefined) continue;
    const variables = ownObject(server, 'variables') ?? {};
    urls.push(
      url.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
        const value = own(own(variables, name), 'default');
        return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
      }),
    );
  }
  return [...new Set(urls)];
}

function swaggerServers(entry: OperationEntry, ctx: ReadContext): string[] {
  const host = ownString(ctx.spec, 'host');
  const basePath = ownString(ctx.spec, 'basePath') ?? '';
  if (host === undefined) return basePath === '' ? [] : [basePath];
  const declared = stringList(own(entry.operation, 'schemes') ?? own(ctx.spec, 'schemes'));
  const schemes = declared.length > 0 ? declared : ['https'];
  return schemes.map((scheme) => `${scheme}://${host}${basePath}`);
}

/**
 * Names of the security schemes an operation requires: the operation's `security`, else the
 * root's; `security: []` means none. Every requirement's scheme names, first met first.
 */
export function operationSecurity(entry: OperationEntry, ctx: ReadContext): string[] {
  const requirements = Object.hasOwn(entry.operation, 'security') ? own(entry.operation, 'security') : own(ctx.spec, 'security');
  if (!Array.isArray(requirements)) return [];
  const names = new Set<string>();
  for (const requirement of requirements) if (isObject(requirement)) for (const name of Object.keys(requirement)) names.add(name);
  return [...names];
}
