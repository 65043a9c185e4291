import type { Padrao, PadraoPreset, registerPadraoBody } from '@portal/shared';
import type { z } from 'zod';
import { AppError } from '../../http/errors.js';
import type { RecordService } from '../../http/record-calls.js';
import { requireWholeAccount, type OwnerScope } from '../permissions/index.js';
import { usageChecks } from '../usage-checks.js';
import type { PadraoWithPoints, PadroesRepository } from './padroes.repository.js';

type PadraoBody = z.output<typeof registerPadraoBody>;

const iso = (ms: number) => new Date(ms).toISOString();

function toPadrao(row: PadraoWithPoints): Padrao {
  return {
    id: row.id,
    prop: row.owner_id,
    nome: row.nome,
    linhagem: row.linhagem,
    edicao: row.edicao,
    sexo: row.sexo as Padrao['sexo'],
    fonte: row.fonte,
    pontos: row.pontos,
    lotes: row.lotes,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const byName = (a: PadraoWithPoints, b: PadraoWithPoints) => a.nome.localeCompare(b.nome, 'pt-BR', { numeric: true }) || a.id - b.id;

/**
 * Breed standards (padroes): growth curves flocks are judged against. They belong to the whole
 * account: any grant may read them (its flocks refer to them), only a grant over all the data may
 * change them.
 */
export function standardsService(deps: { padroes: PadroesRepository; presets: PadraoPreset[]; clock: () => number }) {
  const { padroes, presets, clock } = deps;
  /** What refers to a standard (flocks judged against it, chart lines plotting it): registered by those modules. */
  const usage = usageChecks();

  async function load(scope: OwnerScope, id: number): Promise<PadraoWithPoints> {
    const row = await padroes.find(scope.ownerId, id, scope.nucleos);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  const service = {
    async list(scope: OwnerScope): Promise<Padrao[]> {
      return (await padroes.list(scope.ownerId, scope.nucleos)).sort(byName).map(toPadrao);
    },

    async get(scope: OwnerScope, id: number): Promise<Padrao> {
      return toPadrao(await load(scope, id));
    },

    async save(scope: OwnerScope, body: PadraoBody): Promise<Padrao> {
      requireWholeAccount(scope);
      const { id, prop: _prop, pontos, ...values } = body;
      const current = id === undefined ? undefined : await load(scope, id);
      const sorted = [...pontos].sort((a, b) => a.idade - b.idade);
      const now = clock();
      const savedId = current ? current.id : await padroes.insert(scope.ownerId, values, sorted, now);
      if (current) await padroes.update(scope.ownerId, current.id, values, sorted, now);
      return toPadrao(await load(scope, savedId));
    },

    async remove(scope: OwnerScope, id: number): Promise<void> {
      requireWholeAccount(scope);
      const current = await load(scope, id);
      if (await usage.inUse(current.id)) throw new AppError('RECORD_IN_USE');
      await padroes.remove(scope.ownerId, current.id);
    },

    /** For another module that refers to standards: a delete of one it still uses is refused. */
    registerUsageCheck: usage.register,

    /** The owner's standard's name, undefined when the owner has no such standard. */
    nameOf: (ownerId: number, id: number): Promise<string | undefined> => padroes.nameOf(ownerId, id),

    /** The owner's standard's points by age (grams), undefined when the owner has no such standard (a chart draws it). */
    curveOf: (ownerId: number, id: number) => padroes.curve(ownerId, id),

    /** getpadrao_presets: the published standards, the same for every account. */
    presets(): PadraoPreset[] {
      return presets;
    },
  } satisfies RecordService<PadraoBody, Padrao> & Record<string, unknown>;
  return service;
}
export type StandardsService = ReturnType<typeof standardsService>;
