import type { FeatureModule } from '../context.js';
import { deliveryRoutes } from './delivery/routes.js';
import { alarmsRoutes } from './routes.js';

/** Alarms: getalarmes, ackalarme, clearalarme, getalarmeregras, setalarmeregras (the job is started by app.ts). */
export const alarmsModule: FeatureModule = ({ services, requireAccount, scopes }) =>
  async function register(instance) {
    await instance.register(alarmsRoutes(services.alarms, requireAccount, scopes));
    // Delivery: getalarmepreferencias, setalarmepreferencias, getpushchave, push_subscribe, push_unsubscribe.
    await instance.register(deliveryRoutes(services.alarmDelivery, requireAccount, scopes));
  };
