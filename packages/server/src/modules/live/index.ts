/** The live module's public face: devices' status, readings and pictures, and the browsers' live channel. */
export { liveModule } from './module.js';
export type { FotoRefusal, FotoRequests } from './foto-requests.js';
export type { AnswerOutcome, NewFoto } from './fotos.repository.js';
export { fotoUrl, liveService, type LiveService } from './service.js';
