/** The imports module's public face: manual import of weighing files. */
export { importsModule } from './module.js';
export { importsService, type ImportsService } from './service.js';
export type { ImportRow } from './rows.js';
