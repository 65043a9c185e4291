/** The fumigators module's public face: fumigators and dosers. */
export { fumigatorsModule } from './module.js';
export { fumigatorsService, type FumigatorsService } from './service.js';
export type { FumigadorDetails } from './fumigators.repository.js';
