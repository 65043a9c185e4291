/** The weighings module's public face: the weight reports over stored weighings (pesagens). */
export { weighingsModule } from './module.js';
export { weighingsService, type WeighingsService } from './service.js';
export { standardAt, type StandardCurve } from './standard.js';
export { readsMixed, type MixedScope } from './mixed-weights.js';
export type { FlockWeightGroup, ScaleDaySum, WeighingDaySum } from './daily-source.js';
// The one ingestion path of weighings (devices and files): its service, rules and the types its callers hand over.
export { ingestionService, type IngestionService } from './ingestion.js';
// Migration 0009's backfill counts the existing weighings with the same statements as a staged import's chunk.
export { countIntoDays } from './pesagens-dia.repository.js';
export type { FileResolver } from './file-resolver.js';
export { PESAGEM_FIELD_COLUMNS, pesagemFieldValues, type ImportTarget, type RowBatch } from './pesagens.repository.js';
export {
  IDADE_MAX,
  PESO_MAX_DG,
  readDate,
  readTime,
  SCORE_MAX,
  TEXT_FIELDS,
  textFault,
  WeighingFault,
  type DeviceRecord,
  type PesagemFields,
  type TextField,
} from './validation.js';
