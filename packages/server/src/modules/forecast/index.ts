/** The forecast module's public face: a flock's growth forecast per sex (getprevisao). */
export { forecastModule } from './module.js';
export { forecastService, type ForecastService } from './service.js';
