import { GRADER_CATEGORIES, deviceIcon, type MsgSel } from '@portal/shared';
import { graderCategory } from '../../demo/weighings.js';
import { localStamp, type Growth } from './growth.js';
import type { Behaviour, Emitted, PesDraft, WeighingPlace } from './types.js';

const roundTenth = (value: number) => Math.round(value * 10) / 10;

/** A selection ends (and a new one starts) after this many birds. */
export const SELECTION_BIRDS = 6_000;

export interface GraderOptions {
  modelo: string;
  serie: string;
  place: WeighingPlace;
  growth: Growth;
  random: () => number;
  timezone: number;
  /** The sex this grader sorts ('M' or 'F'). */
  sexo: 'M' | 'F';
  intervalMs?: number;
}

/**
 * An automatic grader (SELAUTO, SELAVES): one or two birds a tick go through it, each sent to one
 * of the seven GRADER_CATEGORIES by its weight against the day's mean for the sex (the bands of
 * demo/weighings.ts), and recorded as a PES with the category in aviario and its order in box.
 * Every tick it shows the selection in progress (SEL): the categories' totals, the grader's
 * throughput and the overall figures.
 */
export function graderBehaviour(options: GraderOptions): Behaviour {
  const { place, growth, random, timezone, sexo } = options;
  let startedAt = 0;
  let totals = GRADER_CATEGORIES.map(() => ({ aves: 0, peso: 0 }));

  const selection = (now: number): MsgSel => {
    const { data } = localStamp(now, timezone);
    const aves = totals.reduce((sum, item) => sum + item.aves, 0);
    const peso = totals.reduce((sum, item) => sum + item.peso, 0);
    const share = (count: number) => (aves === 0 ? 0 : roundTenth((count * 100) / aves));
    // Birds an hour since the selection began (at least a minute counted, so the first ticks are sane).
    const hours = Math.max(now - startedAt, 60_000) / 3_600_000;
    return {
      tipo: 'SEL',
      header: `Seleção ${place.lote} ${data}`,
      data,
      nucleo: place.nucleo,
      lote: place.lote,
      aviario: place.aviarios[0] ?? '',
      sexo,
      idade: Math.floor(growth.age(now)),
      categorias: totals.map((item, index) => ({
        box: index + 1,
        descricao: GRADER_CATEGORIES[index]!,
        peso_total: roundTenth(item.peso),
        aves: item.aves,
        pm: item.aves === 0 ? 0 : roundTenth(item.peso / item.aves),
        percent: share(item.aves),
      })),
      seletoras: [{ serie: options.serie, total_aves: aves, aves_hora: Math.round(aves / hours), img: deviceIcon(options.modelo) }],
      infoGeral: { desc: 'Total', peso_total: roundTenth(peso), aves, pm: aves === 0 ? 0 : roundTenth(peso / aves), percent: aves === 0 ? 0 : 100 },
    };
  };

  return {
    intervalMs: options.intervalMs ?? 2_000,
    tick(now) {
      const started = totals.reduce((sum, item) => sum + item.aves, 0);
      if (startedAt === 0 || started >= SELECTION_BIRDS) {
        startedAt = now;
        totals = GRADER_CATEGORIES.map(() => ({ aves: 0, peso: 0 }));
      }
      const out: Emitted[] = [];
      const { data, hora } = localStamp(now, timezone);
      const setPoint = growth.mean(now, sexo);
      const birds = random() < 0.5 ? 1 : 2;
      for (let bird = 0; bird < birds; bird++) {
        const peso = growth.draw(random, now, sexo);
        const category = graderCategory(peso, setPoint);
        totals[category]!.aves++;
        totals[category]!.peso += peso;
        const pes: PesDraft = {
          tipo: 'PES',
          data,
          hora,
          nucleo: place.nucleo,
          lote: place.lote,
          aviario: GRADER_CATEGORIES[category]!,
          lado: '1',
          box: String(category + 1),
          sexo,
          peso,
          idade_lote: Math.floor(growth.age(now)),
          linha: place.linha,
          score: null,
          obs: '',
        };
        out.push(pes);
      }
      out.unshift(selection(now));
      return out;
    },
  };
}
