/**
 * The readings ingestion: the one path device readings for the reports are stored by (the MQTT
 * side's live readings, the demo's history). It owns no table: each row is written by the module
 * owning its table.
 */
export { READING_PERIOD_MS, readingsService, type ReadingDevice, type ReadingRow, type ReadingSeries, type ReadingsService, type ReadingTable } from './service.js';
