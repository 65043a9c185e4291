/** The collectionHistory module's public face: a collection point's history and its chart. */
export { collectionHistoryModule } from './module.js';
export { COLETA_BATCH, COLETA_BUCKET_MS, collectionHistoryService, type CollectionHistoryService } from './service.js';
export type { NewColeta } from './coletas.repository.js';
