import { useAccountClock } from '../../components/clock/useAccountClock';

/**
 * Times of dosing events on the account's clock (users.timezone, the one the reports count days
 * in), whatever the browser's: date and time, or the time alone. The pages show a ZoneNote when
 * the browser's clock differs.
 */
export function useDosingTime() {
  const clock = useAccountClock();
  return { timezone: clock.timezone, dateTime: clock.dateTime, time: clock.time };
}
