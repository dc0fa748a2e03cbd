import { encodeFileName } from './file-names.js';

/** The document's path under the output folder: `<path>.md`, each segment file-safe and reversible. */
export const codeDocumentPath = (path: string): string => `${path.split('/').map(encodeFileName).join('/')}.md`;
