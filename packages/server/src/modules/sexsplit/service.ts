import { daysBetween, DIGITS, roundTo, separarSexos, type Lote, type Padrao, type SeparacaoSexo, type SeparacaoSexoQuery } from '@portal/shared';
import type { FlocksService } from '../flocks/index.js';
import type { OwnerScope } from '../permissions/index.js';
import type { StandardsService } from '../standards/index.js';
import { standardAt, type WeighingsService } from '../weighings/index.js';

export interface SexSplitDeps {
  flocks: Pick<FlocksService, 'get'>;
  standards: Pick<StandardsService, 'list'>;
  weighings: Pick<WeighingsService, 'mixedWeights'>;
}

/** getseparacaosexo's query once parsed (lote_id a number). */
export type SeparacaoInput = Omit<SeparacaoSexoQuery, 'prop' | 'lote_id'> & { lote_id: number };

/** A breed's name as compared: accents, case and surrounding spaces do not count ('Cobb 500' = ' cobb 500'). */
const lineKey = (linhagem: string) => linhagem.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLocaleLowerCase('pt-BR');

/**
 * Male ÷ female weight expected at `idade`: the account's standards of the flock's breed, one of
 * sex macho and one of sex fêmea (the newest covering the age), each read at the age as the
 * reports read a standard (standardAt). null without both, without a breed, or outside their ages.
 */
export function expectedRatio(padroes: readonly Padrao[], linhagem: string, idade: number | null): number | null {
  if (idade === null || lineKey(linhagem) === '') return null;
  const weightOf = (sexo: 'macho' | 'femea') => {
    const own = padroes.filter((padrao) => padrao.sexo === sexo && lineKey(padrao.linhagem) === lineKey(linhagem)).sort((a, b) => b.id - a.id);
    for (const padrao of own) {
      const dg = standardAt({ id: padrao.id, nome: padrao.nome, pontos: [...padrao.pontos].sort((a, b) => a.idade - b.idade) }, idade);
      if (dg !== null && dg > 0) return dg;
    }
    return null;
  };
  const [macho, femea] = [weightOf('macho'), weightOf('femea')];
  return macho === null || femea === null ? null : macho / femea;
}

/** The placed male share (0..1) when the flock placed its sexes apart and none mixed; else null. */
export function placedMaleShare(lote: Pick<Lote, 'aves_macho' | 'aves_femea' | 'aves_misto'>): number | null {
  if (lote.aves_misto !== 0 || lote.aves_macho <= 0 || lote.aves_femea <= 0) return null;
  return lote.aves_macho / (lote.aves_macho + lote.aves_femea);
}

/** getseparacaosexo: a mixed weighing split into males and females (docs/sex-split.md). */
export function sexSplitService(deps: SexSplitDeps) {
  return {
    async separacao(scope: OwnerScope, query: SeparacaoInput): Promise<SeparacaoSexo> {
      const lote = await deps.flocks.get(scope, query.lote_id);
      const { lote_id, data, aviario, lado, box, sexo } = query;
      const pesosDg = await deps.weighings.mixedWeights(scope, { lote_id, data, aviario, lado, box, sexo });
      const idade = lote.data_alojamento === null ? null : daysBetween(lote.data_alojamento, data);
      const razao = expectedRatio(await deps.standards.list(scope), lote.linhagem, idade);
      const machoAlojado = placedMaleShare(lote);
      const calculo = separarSexos({ pesos_g: Float64Array.from(pesosDg, (dg) => dg / 10), razao_esperada: razao, macho_alojado: machoAlojado });
      return {
        lote_id: lote.id,
        data,
        aviario: aviario ?? null,
        lado: lado ?? null,
        box: box ?? null,
        idade,
        aves: calculo.aves,
        peso_medio_g: calculo.peso_medio_g,
        situacao: calculo.situacao,
        confianca_pct: calculo.confianca_pct,
        separacao_d: calculo.separacao_d,
        razao_esperada: roundTo(razao, 3),
        razao_fonte: razao === null ? 'livre' : 'padroes',
        macho_alojado_pct: machoAlojado === null ? null : roundTo(machoAlojado * 100, DIGITS.pct),
        sexos: calculo.sexos,
      };
    },
  };
}
export type SexSplitService = ReturnType<typeof sexSplitService>;
