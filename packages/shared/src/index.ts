export * from './constants.js';
export * from './errors.js';
export * from './dateMask.js';
export * from './menu.js';
export * from './routes.js';
export * from './schemas/primitives.js';
export * from './schemas/accounts.js';
export * from './schemas/records/index.js';
