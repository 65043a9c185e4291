import { fotoRequests } from '../../mqtt/foto-requests.js';
import { fotosRepository } from '../../mqtt/fotos.repository.js';
import { deviceAccess } from '../../realtime/access.js';
import { createLiveHub } from '../../realtime/hub.js';
import type { FeatureModule } from '../context.js';
import { liveRepository } from './live.repository.js';
import { liveRoutes } from './routes.js';
import { liveService } from './service.js';

/** Devices live: the browsers' channel (/ws) and devupdt, getremotelist, getleituras, getfotos, img_cs. */
export const liveModule: FeatureModule = ({ database, clock, log, requireAccount, authenticateToken, scopes, gateway }) => {
  const live = liveRepository(database.db);
  const access = deviceAccess(scopes);
  const fotos = fotosRepository(database.db);
  const service = liveService({ live, fotos, gateway, access, clock });
  const hub = createLiveHub({ gateway, authenticateToken, findDevices: live.findBySerials, access, fotoRequests: fotoRequests(fotos, clock), clock, log });
  return async function register(app) {
    await app.register(hub);
    await app.register(liveRoutes(service, requireAccount, scopes));
  };
};
