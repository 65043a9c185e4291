/** The collectionPoints module's public face: collection points (pontocoleta). */
export { collectionPointsModule } from './module.js';
export { collectionPointsService, type CollectionPointsService } from './service.js';
export type { Collector } from './collection-points.repository.js';
