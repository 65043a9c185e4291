/** The farms module's public face: farms (nucleos) and their houses (aviarios). */
export { farmsModule } from './module.js';
export { farmsService, type FarmsService } from './service.js';
