/** The integrations module's public face: integration and Mtech settings, and their export (issue 21). */
export { integrationsModule } from './module.js';
export { integrationConfigsService, type IntegrationConfigsService } from './service.js';
export { integrationExport, type IntegrationExport } from './export/wiring.js';
export type { ExportService, PausedConfig } from './export/service.js';
export type { ExportSource, ExportSources } from './export/runner.js';
export type { IntegrationsJob } from './export/job.js';
