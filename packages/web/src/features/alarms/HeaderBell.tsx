import { lazy } from 'react';
import { LazyHeaderPart } from '../../components/header/HeaderPart';

// Its own chunk: the popover and the alarm sentences stay out of the login page's scripts.
const AlarmBell = lazy(() => import('./AlarmBell').then((module) => ({ default: module.AlarmBell })));

/** The header's alarm bell (count of unacknowledged alarms, live), loaded on demand. */
export function LazyAlarmBell() {
  return (
    <LazyHeaderPart name="alarm bell">
      <AlarmBell />
    </LazyHeaderPart>
  );
}
