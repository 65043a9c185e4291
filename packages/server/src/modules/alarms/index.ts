/**
 * The alarms module's public face: its route plugin, its service, the periodic job and the rule
 * contract (rules/types.ts) other modules' rules are written against.
 */
export { alarmsModule } from './module.js';
export { alarmsService, type AlarmsService } from './service.js';
export { ALARM_EVERY_MS, createAlarmsJob, type AlarmStep, type AlarmsJob } from './job.js';
export type { AlarmCondition, AlarmRule, RuleContext } from './rules/types.js';
