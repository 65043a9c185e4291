/** The standards module's public face: growth standards (padroes) and their presets. */
export { standardsModule } from './module.js';
export { standardsService, type StandardsService } from './service.js';
