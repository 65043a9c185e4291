export * from './formulas.js';
