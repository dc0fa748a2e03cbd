export { MdkgError, isMdkgError, formatDiagnostic } from './errors.js';
export type { Diagnostic, MdkgCode, Severity } from './errors.js';
