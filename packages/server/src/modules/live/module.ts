import { ownerAccess } from '../../realtime/access.js';
import { createLiveHub } from '../../realtime/hub.js';
import type { FeatureModule } from '../context.js';
import { liveRoutes } from './routes.js';

/** Devices live: the browsers' channel (/ws) and devupdt, getremotelist, getleituras, getfotos, img_cs. */
export const liveModule: FeatureModule = ({ services, events, clock, log, requireAccount, authenticateToken, scopes, gateway }) => {
  const { live } = services;
  const hub = createLiveHub({ gateway, events, authenticateToken, findDevices: live.devicesBySerials, access: live.access, ownerAccess: ownerAccess(scopes), fotoRequests: live.fotoRequests, clock, log });
  return async function register(app) {
    await app.register(hub);
    await app.register(liveRoutes(live, gateway, requireAccount, scopes));
  };
};
