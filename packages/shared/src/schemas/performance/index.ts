export * from './daily.js';
export * from './indicators.js';
