import type { Kysely } from 'kysely';

/**
 * A standard's mortality curve (issue 18): the cumulative mortality (% of the birds placed) at a
 * point's age, optional like its gain, conversion and feed; the flock indicators compare the
 * flock's cumulative mortality with it. Existing points and presets without it stay null.
 */
export function standardMortality() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('padrao_pontos').addColumn('mortalidade_pct', 'double precision').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('padrao_pontos').dropColumn('mortalidade_pct').execute();
    },
  };
}
