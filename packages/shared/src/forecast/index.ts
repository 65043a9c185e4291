export * from './types.js';
export * from './constants.js';
export { preverCrescimento } from './predict.js';
