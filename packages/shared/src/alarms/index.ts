export * from './describe.js';
export * from './sentences.js';
export * from './titles.js';
