import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest starts the files it knows nothing of largest first, and a fresh clone (CI) knows nothing:
 * the fuzz files, three lines each, would start last and make the whole run wait for them. The
 * files measured longest (docs/testing.md) start first here, in this order, then Vitest's own order
 * (by the last run's durations where it has them).
 */
export function slowFirst(patterns: readonly RegExp[]): new (...args: ConstructorParameters<typeof BaseSequencer>) => BaseSequencer {
  return class SlowFirstSequencer extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      const rank = (spec: TestSpecification) => {
        const index = patterns.findIndex((pattern) => pattern.test(spec.moduleId));
        return index === -1 ? patterns.length : index;
      };
      return sorted
        .map((spec, position) => ({ spec, position, rank: rank(spec) }))
        .sort((a, b) => a.rank - b.rank || a.position - b.position)
        .map((entry) => entry.spec);
    }
  };
}
