import type { ScreenRoute } from '../../components/screens/ScreenFrame';

const list = { screen: 'alarms', path: 'alarmes' };

/** alarmes: the alarms of the owner acted for (issue 19); alarmes/regras: their rules, per account and farm. */
export const alarmRoutes: ScreenRoute[] = [
  { path: 'alarmes', screen: 'alarms', load: () => import('./AlarmsPage') },
  { path: 'alarmes/regras', screen: 'alarmRules', parents: [list], load: () => import('./AlarmRulesPage') },
];
