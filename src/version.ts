// The version of mdkg: the package's (a test keeps them equal). It names mdkg to MCP peers and keys
// the persisted indexes, so a new version never reads an index an older one wrote.
export const PACKAGE_VERSION = '0.3.0';
