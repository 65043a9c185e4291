import {
  daysBetween,
  DIGITS,
  localDate,
  preverCrescimento,
  roundTo,
  type Lote,
  type Padrao,
  type Previsao,
  type PrevisaoCalculo,
  type PrevisaoGrupo,
} from '@portal/shared';
import { AppError } from '../../http/errors.js';
import type { AccountReads } from '../accounts/index.js';
import type { FlocksService } from '../flocks/index.js';
import type { OwnerScope } from '../permissions/index.js';
import type { StandardsService } from '../standards/index.js';
import { standardAt, type WeighingsService } from '../weighings/index.js';
import { seedOf, standardOfGroup, weighedGroups, type WeighedGroup } from './groups.js';

/** Last age a curve reaches (days): past it a broiler is long gone and a breeder no Gompertz bird. */
export const HORIZONTE_MAX_IDADE = 200;
/** Days after the owner's today the weight is asked for by default. */
export const DIAS_A_FRENTE = 7;

export interface ForecastDeps {
  flocks: Pick<FlocksService, 'get' | 'performanceSettings'>;
  weighings: Pick<WeighingsService, 'flockWeights'>;
  standards: Pick<StandardsService, 'get' | 'list'>;
  accounts: Pick<AccountReads, 'timezoneOf'>;
  clock: () => number;
}

export interface PrevisaoInput {
  lote_id: number;
  alvo_g?: number | undefined;
  data?: string | undefined;
}

const DAY_MS = 86_400_000;
/** The day `idade` days after placement. */
const dateAt = (alojamento: string, idade: number) => new Date(Date.parse(`${alojamento}T00:00:00Z`) + idade * DAY_MS).toISOString().slice(0, 10);

/** One group's fit with what the answer needs beside it. */
interface GroupFit {
  group: WeighedGroup;
  padrao: Padrao | undefined;
  calculo: PrevisaoCalculo;
}

/** A flock's growth forecast, whole and per sex (getprevisao; docs/forecast.md, "The call"). */
export function forecastService(deps: ForecastDeps) {
  const { flocks, weighings, standards, accounts, clock } = deps;

  /**
   * The asked day's age: asked, else the closing day of a closed flock or the owner's today + 7,
   * kept within placement and the last age a curve may reach. An asked day outside them is refused.
   */
  function askedAge(lote: Lote, hoje: string, lastAge: number, asked: string | undefined): number {
    const alojamento = lote.data_alojamento!;
    if (asked === undefined) {
      const idade = daysBetween(alojamento, lote.data_encerramento ?? dateAt(hoje, DIAS_A_FRENTE));
      return Math.min(Math.max(idade, 0), lastAge);
    }
    const idade = daysBetween(alojamento, asked);
    if (idade < 0 || idade > lastAge) throw AppError.field('data', 'FIELD_INVALID');
    return idade;
  }

  /** The account's standards, read once and only when a sex group needs them. */
  function accountStandards(scope: OwnerScope): () => Promise<Padrao[]> {
    let list: Promise<Padrao[]> | undefined;
    return () => (list ??= standards.list(scope));
  }

  async function previsao(scope: OwnerScope, query: PrevisaoInput): Promise<Previsao> {
    const lote = await flocks.get(scope, query.lote_id);
    if (lote.data_alojamento === null) throw AppError.field('lote_id', 'FLOCK_DATE_MISSING');
    const alojamento = lote.data_alojamento;
    const hoje = localDate(clock(), await accounts.timezoneOf(lote.prop));
    const closingAge = lote.data_encerramento === null ? null : Math.max(daysBetween(alojamento, lote.data_encerramento), 0);
    // The curve of a closed flock ends on its closing day; an open flock's is searched to the cap, then cut.
    const searchHorizon = Math.min(closingAge ?? HORIZONTE_MAX_IDADE, HORIZONTE_MAX_IDADE);
    const idadeConsulta = askedAge(lote, hoje, searchHorizon, query.data);
    const lastDay = lote.data_encerramento ?? hoje;
    const [settings, weights, flockStandard] = await Promise.all([
      query.alvo_g === undefined ? flocks.performanceSettings(scope.ownerId) : undefined,
      weighings.flockWeights(scope.ownerId, lote.id, lastDay),
      lote.padrao_id === null ? undefined : standards.get(scope, lote.padrao_id),
    ]);
    const alvo_g = query.alvo_g ?? settings!.peso_referencia_g;
    const readStandards = accountStandards(scope);

    const fits: GroupFit[] = [];
    for (const group of weighedGroups(weights, alojamento)) {
      const padrao = group.grupo === 'lote' ? flockStandard : standardOfGroup(group.grupo, { linhagem: lote.linhagem, padrao: flockStandard }, await readStandards());
      const pontos = sortedPoints(padrao);
      const calculo = preverCrescimento({
        dias: group.dias.map((day) => ({ idade: day.idade, peso_g: day.peso_dg / day.aves / 10, aves: day.aves })),
        padrao: pontos.length > 0 ? pontos : null,
        idade_consulta: idadeConsulta,
        alvo_g,
        horizonte_idade: searchHorizon,
        seed: seedOf(lote.id, group.grupo),
      });
      fits.push({ group, padrao, calculo });
    }
    const horizon = closingAge === null ? openHorizon(fits, idadeConsulta) : searchHorizon;

    return {
      lote_id: lote.id,
      codigo: lote.codigo,
      data_alojamento: alojamento,
      hoje,
      idade: Math.max(daysBetween(alojamento, lastDay), 0),
      alvo_g,
      data: dateAt(alojamento, idadeConsulta),
      horizonte: dateAt(alojamento, horizon),
      grupos: fits.map((fit) => groupAnswer(fit, alojamento, idadeConsulta, horizon)),
    };
  }

  return { previsao };
}
export type ForecastService = ReturnType<typeof forecastService>;

function sortedPoints(padrao: Padrao | undefined): { idade: number; peso: number }[] {
  return (padrao?.pontos ?? []).map((ponto) => ({ idade: ponto.idade, peso: ponto.peso })).sort((a, b) => a.idade - b.idade);
}

/**
 * An open flock's last age: the latest of the asked day, the last weighing day, the last age of a
 * group's standard and the latest day a group's target quantile is reached, within the cap.
 */
function openHorizon(fits: readonly GroupFit[], idadeConsulta: number): number {
  const ages = [idadeConsulta];
  for (const { group, padrao, calculo } of fits) {
    const lastWeighed = group.dias[group.dias.length - 1];
    if (lastWeighed) ages.push(lastWeighed.idade);
    const lastPoint = sortedPoints(padrao).pop();
    if (lastPoint) ages.push(lastPoint.idade);
    for (const idade of [calculo.alvo?.p10, calculo.alvo?.p50, calculo.alvo?.p90]) if (idade !== undefined && idade !== null) ages.push(idade);
  }
  return Math.min(Math.max(...ages), HORIZONTE_MAX_IDADE);
}

/** One group's answer, its curve cut at the horizon. */
function groupAnswer({ group, padrao, calculo }: GroupFit, alojamento: string, idadeConsulta: number, horizon: number): PrevisaoGrupo {
  const diaPrevisto = (idade: number | null) => (idade === null ? null : { idade, data: dateAt(alojamento, idade) });
  const curve = padrao ? { id: padrao.id, nome: padrao.nome, pontos: sortedPoints(padrao) } : undefined;
  const weighed = new Map(group.dias.map((day) => [day.idade, day]));
  const forecast = new Map(calculo.curva.map((ponto) => [ponto.idade, ponto]));
  const curva: PrevisaoGrupo['curva'] = [];
  for (let idade = 0; idade <= horizon; idade += 1) {
    const ponto = forecast.get(idade);
    const day = weighed.get(idade);
    const padraoDg = curve ? standardAt(curve, idade) : null;
    curva.push({
      idade,
      data: dateAt(alojamento, idade),
      p10: ponto?.p10 ?? null,
      p50: ponto?.p50 ?? null,
      p90: ponto?.p90 ?? null,
      padrao: padraoDg === null ? null : padraoDg / 10,
      observado: day ? roundTo(day.peso_dg / day.aves / 10, DIGITS.gramas) : null,
      aves: day ? day.aves : null,
    });
  }
  return {
    grupo: group.grupo,
    situacao: calculo.situacao,
    dias_pesagem: calculo.dias_pesagem,
    aves_pesadas: calculo.aves_pesadas,
    dias_minimos: calculo.dias_minimos,
    ultima_data: group.dias[group.dias.length - 1]?.data ?? null,
    peso_padrao_pct: calculo.peso_padrao_pct,
    padrao: padrao ? { id: padrao.id, nome: padrao.nome } : null,
    ajuste: calculo.ajuste,
    peso_na_data: calculo.peso_na_idade ? { ...calculo.peso_na_idade, data: dateAt(alojamento, idadeConsulta), idade: idadeConsulta } : null,
    alvo: calculo.alvo
      ? { ja_atingido: calculo.alvo.ja_atingido, p10: diaPrevisto(calculo.alvo.p10), p50: diaPrevisto(calculo.alvo.p50), p90: diaPrevisto(calculo.alvo.p90) }
      : null,
    curva,
  };
}
