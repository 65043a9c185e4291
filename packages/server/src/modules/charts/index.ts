/** The charts module's public face: chart records (graficos) and the data to draw them. */
export { chartsModule } from './module.js';
export { graphDataService, type GraphDataService } from './graphdata.service.js';
export { chartsService, type ChartsService } from './service.js';
