import type { Insertable, Kysely } from 'kysely';
import type { PesagensTable, Tables } from '../../db/tables.js';

/** A weighing a device sent, ready to store: (device_id, seq) identifies it. */
export type DevicePesagemRow = Omit<Insertable<PesagensTable>, 'id' | 'importacao_id' | 'created_at'> & { device_id: number; seq: number };

/** Case first, then accents ignored (as imports meet a file's farm and flock texts). */
const lower = (value: string) => value.toLocaleLowerCase('pt-BR');
const plain = (value: string) => lower(value).normalize('NFD').replace(/\p{M}/gu, '');

function pick<T>(items: T[], keys: (item: T) => string[], text: string): T[] {
  const exact = items.filter((item) => keys(item).some((key) => key !== '' && lower(key) === lower(text)));
  if (exact.length > 0) return exact;
  const near = items.filter((item) => keys(item).some((key) => key !== '' && plain(key) === plain(text)));
  return near.length === 1 ? near : [];
}

/** Weighings devices send over MQTT (mqtt/gateway.ts), stored beside the imported ones. */
export function devicePesagensRepository(db: Kysely<Tables>) {
  return {
    /** The owner's farm a record names (by name, or code); null when none or several match. */
    async farmNamed(ownerId: number, nucleo: string): Promise<number | null> {
      if (nucleo === '') return null;
      const farms = await db.selectFrom('nucleos').select(['id', 'nome', 'codigo']).where('owner_id', '=', ownerId).orderBy('id').execute();
      const found = pick(farms, (farm) => [farm.nome, farm.codigo], nucleo);
      return found.length === 1 ? found[0]!.id : null;
    },

    /** The farm's flock of that code (an open one before a closed one); null when none. */
    async flockCoded(nucleoId: number, lote: string): Promise<number | null> {
      if (lote === '') return null;
      const flocks = await db.selectFrom('lotes').select(['id', 'codigo', 'data_encerramento']).where('nucleo_id', '=', nucleoId).orderBy('id').execute();
      const found = pick(flocks, (flock) => [flock.codigo], lote);
      return (found.find((flock) => flock.data_encerramento === null) ?? found[0])?.id ?? null;
    },

    /**
     * Stores the record once: a (device, seq) already stored (re-sent after a lost ACK, or received
     * by another instance) is left as it is. Autocommitted: when this resolves, it is durable.
     */
    async insert(row: DevicePesagemRow, now: number): Promise<{ id: number; created: boolean }> {
      const inserted = await db
        .insertInto('pesagens')
        .values({ ...row, importacao_id: null, created_at: now })
        .onConflict((oc) => oc.columns(['device_id', 'seq']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return { id: inserted.id, created: true };
      const existing = await db.selectFrom('pesagens').select('id').where('device_id', '=', row.device_id).where('seq', '=', row.seq).executeTakeFirstOrThrow();
      return { id: existing.id, created: false };
    },

    /** A stored record of a device as it was stored first (a re-sent copy may differ), with its farm's name and flock's code. */
    async stored(deviceId: number, seq: number) {
      return db
        .selectFrom('pesagens')
        .innerJoin('nucleos', 'nucleos.id', 'pesagens.nucleo_id')
        .leftJoin('lotes', 'lotes.id', 'pesagens.lote_id')
        .select([
          'pesagens.id', 'pesagens.data', 'pesagens.hora', 'pesagens.aviario', 'pesagens.lado', 'pesagens.box', 'pesagens.sexo', 'pesagens.peso_dg',
          'pesagens.idade_lote', 'pesagens.linha', 'pesagens.score', 'pesagens.obs', 'nucleos.nome as nucleo', 'lotes.codigo as lote',
        ])
        .where('pesagens.device_id', '=', deviceId)
        .where('pesagens.seq', '=', seq)
        .executeTakeFirstOrThrow();
    },
  };
}
export type DevicePesagensRepository = ReturnType<typeof devicePesagensRepository>;
