/** The health module's public face: the liveness and readiness calls. */
export { healthModule } from './module.js';
