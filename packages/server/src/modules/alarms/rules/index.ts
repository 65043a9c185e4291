import type { AccountsService } from '../../accounts/index.js';
import type { DevicesService } from '../../devices/index.js';
import type { DosingService } from '../../dosing/index.js';
import type { FarmsService } from '../../farms/index.js';
import type { FeedService } from '../../feed/index.js';
import type { FlocksService } from '../../flocks/index.js';
import type { FumigatorsService } from '../../fumigators/index.js';
import type { PerformanceService } from '../../performance/index.js';
import type { SiloBalanceService, SiloMovementsService, SiloReadingsService, SilosService } from '../../silos/index.js';
import type { StandardsService } from '../../standards/index.js';
import type { TroughsService } from '../../troughs/index.js';
import type { WeighingsService } from '../../weighings/index.js';
import { deviceRules } from './devices.js';
import { flockRules } from './flocks.js';
import { pausedIntegrationRule, type PausedIntegrations } from './integrations.js';
import { siloRunOutRule } from './silos.js';
import type { AlarmRule } from './types.js';

/** The other modules' services the rules read through (never their repositories). */
export interface AlarmRuleDeps {
  accounts: AccountsService;
  farms: FarmsService;
  devices: DevicesService;
  flocks: FlocksService;
  standards: StandardsService;
  weighings: WeighingsService;
  silos: SilosService;
  siloBalance: SiloBalanceService;
  siloMovements: SiloMovementsService;
  siloReadings: SiloReadingsService;
  feed: FeedService;
  performance: PerformanceService;
  troughs: TroughsService;
  dosing: DosingService;
  fumigators: FumigatorsService;
  /** The integrations module's export service (its `paused`), injected so alarms imports nothing of integrations. */
  integrations: PausedIntegrations;
  clock: () => number;
}

/**
 * Every rule the engine runs, one line per family (rules/<family>.ts). Each family's
 * arithmetic and detalhe keys are in docs/alarms.md.
 */
export function alarmRules(deps: AlarmRuleDeps): AlarmRule[] {
  return [
    ...flockRules(deps),
    siloRunOutRule(deps),
    ...deviceRules(deps),
    pausedIntegrationRule(deps),
  ];
}
