export * from './spec.js';
export * from './table.js';
export * from './types.js';
export * from './docs.js';
