/** The integrations module's public face: integration and Mtech settings. */
export { integrationsModule } from './module.js';
export { integrationConfigsService, type IntegrationConfigsService } from './service.js';
