/** The flocks module's public face: flocks (lotes). */
export { flocksModule } from './module.js';
export { flockAge, flocksService, type FlocksService } from './service.js';
