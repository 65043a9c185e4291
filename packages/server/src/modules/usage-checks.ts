/**
 * Whether something of another module still refers to a record (a chart line plotting a flock, a
 * flock judged against a standard, a silo weighed by a device): a delete that would leave it
 * dangling is refused (RECORD_IN_USE). The referring module registers the check with the owner's
 * service, so the owner never imports it and no cycle forms (docs/decisions/0006-module-boundaries.md).
 * `Ref` is what a check is given: the record's id, or (devices) the few fields a check needs.
 */
export type UsageCheck<Ref = number> = (record: Ref) => Promise<boolean>;

export interface UsageChecks<Ref = number> {
  /** Adds a check that a later delete asks. */
  register(check: UsageCheck<Ref>): void;
  /** True when any registered check finds the record in use; asked in the order registered, until one does. */
  inUse(record: Ref): Promise<boolean>;
}

export function usageChecks<Ref = number>(): UsageChecks<Ref> {
  const checks: UsageCheck<Ref>[] = [];
  return {
    register(check) {
      checks.push(check);
    },
    async inUse(record) {
      for (const check of checks) {
        if (await check(record)) return true;
      }
      return false;
    },
  };
}

/** A service other modules register their usage checks with. */
export interface UsageRegistry<Ref = number> {
  registerUsageCheck(check: UsageCheck<Ref>): void;
}
