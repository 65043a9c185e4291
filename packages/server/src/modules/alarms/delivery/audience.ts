import { timezoneOffsetMs, type AlarmeSeveridade, type User } from '@portal/shared';
import type { AccountReads } from '../../accounts/index.js';
import type { FarmsService } from '../../farms/index.js';
import type { OwnerScope, PermissionsService } from '../../permissions/index.js';
import { defaultPreferences, type PreferenceRow, type PreferencesRepository } from './preferences.repository.js';

/** Someone an owner's alarms may reach: the owner, or a grantee with the farms its grant covers (null: all). */
export interface Member {
  user: User;
  grantNucleos: readonly number[] | null;
  preferences: PreferenceRow;
}

/** The alarm's farm is in the member's grant (an account-wide alarm needs a whole-account grant). */
export function grantReaches(member: Pick<Member, 'grantNucleos'>, nucleoId: number | null): boolean {
  if (member.grantNucleos === null) return true;
  return nucleoId !== null && member.grantNucleos.includes(nucleoId);
}

/**
 * The member chose this alarm: its severity, and its farm when the member picked farms (an
 * account-wide alarm, of no farm, concerns every farm and passes).
 */
export function chose(preferences: Pick<PreferenceRow, 'severidades' | 'nucleos'>, alarm: { severidade: AlarmeSeveridade; nucleo_id: number | null }): boolean {
  if (!preferences.severidades.includes(alarm.severidade)) return false;
  return preferences.nucleos === null || alarm.nucleo_id === null || preferences.nucleos.includes(alarm.nucleo_id);
}

const minutesOf = (timeOfDay: string) => Number(timeOfDay.slice(0, 2)) * 60 + Number(timeOfDay.slice(3, 5));

/** Minutes since local midnight and the local day, at `now` in a time zone of `timezone` hours from UTC. */
export function localClock(now: number, timezone: number): { minute: number; day: string } {
  const local = new Date(now + timezoneOffsetMs(timezone));
  return { minute: local.getUTCHours() * 60 + local.getUTCMinutes(), day: local.toISOString().slice(0, 10) };
}

/** Inside the member's quiet hours at `now` (its time zone); a span over midnight (22:00–06:00) wraps; equal ends: none. */
export function isQuiet(preferences: Pick<PreferenceRow, 'silencio_inicio' | 'silencio_fim'>, now: number, timezone: number): boolean {
  if (preferences.silencio_inicio === null || preferences.silencio_fim === null) return false;
  const [start, end] = [minutesOf(preferences.silencio_inicio), minutesOf(preferences.silencio_fim)];
  const { minute } = localClock(now, timezone);
  if (start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** The day `days` after (before, when negative) a day 'YYYY-MM-DD'. */
export const shiftDay = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Minutes from `start` ("HH:MM") to the local `minute`, 0–1439 (how long ago that time of day passed). */
export function minutesSince(start: string, minute: number): number {
  return (minute - minutesOf(start) + 1440) % 1440;
}

/** Reads who an owner's alarms may reach, with their preferences for that owner, and the owner's farm names. */
export function audienceReads(deps: {
  accounts: Pick<AccountReads, 'userById'>;
  permissions: Pick<PermissionsService, 'given'>;
  farms: Pick<FarmsService, 'list'>;
  preferences: Pick<PreferencesRepository, 'ofOwners'>;
}) {
  return {
    /** The owner and every grantee, each with its chosen preferences or the defaults. */
    async membersOf(ownerId: number): Promise<Member[]> {
      const [owner, grants, chosen] = await Promise.all([deps.accounts.userById(ownerId), deps.permissions.given(ownerId), deps.preferences.ofOwners([ownerId])]);
      const byUser = new Map(chosen.map((row) => [row.user_id, row]));
      const members: Member[] = [];
      if (owner) members.push({ user: owner, grantNucleos: null, preferences: byUser.get(ownerId) ?? defaultPreferences(ownerId, ownerId) });
      for (const grant of grants) {
        const user = await deps.accounts.userById(grant.iduser);
        if (!user) continue;
        members.push({ user, grantNucleos: grant.nucleos?.map((farm) => farm.id) ?? null, preferences: byUser.get(user.id) ?? defaultPreferences(user.id, ownerId) });
      }
      return members;
    },

    /** The owner's farm names by id. */
    async farmNames(ownerId: number): Promise<Map<number, string>> {
      const scope: OwnerScope = { ownerId, actorId: ownerId, nivel: 'proprietario', nucleos: null };
      return new Map((await deps.farms.list(scope)).map((farm) => [farm.id, farm.nome]));
    },
  };
}
export type AudienceReads = ReturnType<typeof audienceReads>;
