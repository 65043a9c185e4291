import { useEffect } from 'react';
import type { SetURLSearchParams } from 'react-router';
import type { ReportKind } from './api';
import { filtersFromSearch, isGenerated, searchFromFilters } from './filters';

/**
 * The last report a user generated on this device, per report kind and per owner whose data it
 * showed (the user's own, or a granting owner's): opening the screen again without filters in the
 * url shows it (from TanStack Query's cache while the tab lives, asked again after a reload)
 * instead of an empty form. Choosing another owner starts from that owner's last report.
 */

/** Whose data: the user's own ('self') or a granting owner's id. */
export type ReportOwner = number | 'self';

/** The localStorage key of a user's last filters of a kind for an owner. */
export const lastFiltersKey = (kind: ReportKind, userId: number, owner: ReportOwner) => `report-filters:${kind}:${userId}:${owner}`;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** The url query of the last generated report, or null (none kept, or not a report any more). */
export function readLastFilters(store: Store, kind: ReportKind, userId: number, owner: ReportOwner): URLSearchParams | null {
  let saved: string | null;
  try {
    saved = store.getItem(lastFiltersKey(kind, userId, owner));
  } catch (error) {
    console.warn('[reports] the last filters could not be read', error);
    return null;
  }
  if (!saved) return null;
  const filters = filtersFromSearch(new URLSearchParams(saved));
  return isGenerated(filters) ? searchFromFilters(filters) : null;
}

/** Keeps the url query of a generated report as the user's last of its kind. */
export function keepLastFilters(store: Store, kind: ReportKind, userId: number, owner: ReportOwner, params: URLSearchParams): void {
  const filters = filtersFromSearch(params);
  if (!isGenerated(filters)) return;
  try {
    store.setItem(lastFiltersKey(kind, userId, owner), searchFromFilters(filters).toString());
  } catch (error) {
    // Private mode or a full storage: the report still shows; only the memory is lost.
    console.warn('[reports] the last filters could not be kept', error);
  }
}

interface LastFiltersScope {
  kind: ReportKind;
  userId: number;
  /** Whose data the url shows (the owner in the link, else the one chosen in the app). */
  owner: ReportOwner;
  /** The owner is known (the list of owners has loaded): nothing is restored before. */
  ready: boolean;
}

/** Restores the owner's last filters into an url without any (but the owner), and keeps every generated report's as the last. */
export function useLastFilters({ kind, userId, owner, ready }: LastFiltersScope, params: URLSearchParams, setParams: SetURLSearchParams): void {
  const search = params.toString();
  useEffect(() => {
    if (userId <= 0 || !ready) return;
    const current = new URLSearchParams(search);
    // No filters (at most the owner, as the owner picker leaves it): the owner's last report.
    if (Object.keys(filtersFromSearch(current)).every((name) => name === 'prop')) {
      const last = readLastFilters(localStorage, kind, userId, owner);
      if (last) setParams(last, { replace: true });
      return;
    }
    keepLastFilters(localStorage, kind, userId, owner, current);
  }, [kind, userId, owner, ready, search, setParams]);
}
