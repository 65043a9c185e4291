/** The feed module's public face: the feed consumption report (getracao). */
export { feedModule } from './module.js';
export { feedService, type FeedService } from './service.js';
