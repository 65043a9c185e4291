import type { UsrStats } from '@portal/shared';
import { call } from '../../api/client';

/**
 * usrstats (the dashboard's counts and flock tiles) of an owner: one query key and one fetch for
 * the dashboard and for useOwner, which reads the user's own counts to pick a landing owner.
 */
export const usrStatsKey = (prop: number | undefined) => ['usrstats', prop ?? 'self'] as const;

export const fetchUsrStats = (prop: number | undefined): Promise<UsrStats> => call('usrstats', { query: { prop } });
