/**
 * The readings ingestion: the one path device readings for the reports are stored by (the MQTT
 * side's live readings, the demo's history); each row is written by the module owning its table.
 * Also how long they are kept: the owner's retention (leituras_retencao, getretencao/setretencao)
 * and the periodic summing into minutes and hours and purge (maintenance.ts, leituras_agregacao).
 */
export { readingsMaintenance, type PurgeReport, type ReadingsMaintenance } from './maintenance.js';
export { readingsModule } from './module.js';
export { retentionService, type RetentionService } from './retention.service.js';
export { READING_PERIOD_MS, readingsService, type ReadingDevice, type ReadingRow, type ReadingSeries, type ReadingsService, type ReadingTable } from './service.js';
