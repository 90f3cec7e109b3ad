export { extractActions } from './extract-actions.js';
export { buildNameIndex, type NameIndex, resolveName } from './resolve-name.js';
