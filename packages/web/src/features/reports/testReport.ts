import type { AvesPesosResponse, Estatisticas } from '@portal/shared';

/**
 * A small weight report as avespesos answers it, for the unit tests: one date|flock|sex group,
 * one category and side, two boxes. Box 1 weighs 1800, 2000 and 2200 g: mean 2000, desvioP 200
 * (n − 1), cv 10 %, band 1800–2200 with both edges inside, so all 3 birds are uniform.
 */
export const BOX1_STATS: Estatisticas = {
  totalAves: 3,
  pesoTotal: 6000,
  pesoMedio: 2000,
  desvioP: 200,
  cv: 10,
  uni: 100,
  corteCima: 2200,
  corteBaixo: 1800,
  qtdUniforme: 3,
  qtdAcima: 0,
  qtdAbaixo: 0,
  perAcima: 0,
  perAbaixo: 0,
  maiorPeso: 2200,
  menorPeso: 1800,
  scores: [{ score: 2, count: 1, percent: 100 }],
};

/** One bird of 1234.5 g. */
export const BOX2_STATS: Estatisticas = {
  ...BOX1_STATS,
  totalAves: 1,
  pesoTotal: 1234.5,
  pesoMedio: 1234.5,
  desvioP: 0,
  cv: 0,
  corteCima: 1357.9,
  corteBaixo: 1111.1,
  qtdUniforme: 1,
  maiorPeso: 1234.5,
  menorPeso: 1234.5,
  scores: [],
};

const histograma = { inicio: 1500, passo: 20, contagens: Array.from({ length: 50 }, (_, index) => (index === 15 ? 1 : 0)), abaixo: 0, acima: 0 };

export const TEST_REPORT: AvesPesosResponse = {
  inicio: '2026-11-01',
  fim: '2026-11-30',
  separador: ';',
  balancas: ['BAL-0001', 'BAL-0002'],
  total: { ...BOX1_STATS, totalAves: 4 },
  qualidade: null,
  grupos: [
    {
      data: '2026-11-10',
      lote: 'L-7',
      sexo: 'Macho',
      nucleo_id: 1,
      nome_nucleo: 'Granja Primavera',
      lote_id: 7,
      idade_lote: 28,
      stats: { ...BOX1_STATS, totalAves: 4 },
      padrao: { padrao_id: 3, padrao_nome: 'Ross 308', idade: 28, pmComparacao: 1530, percentPadrao: 130.72 },
      qualidade: null,
      janela: null,
      categorias: [
        {
          data: '2026-11-10',
          lote: 'L-7',
          sexo: 'Macho',
          aviario: 'Aviário 1',
          stats: { ...BOX1_STATS, totalAves: 4 },
          qualidade: null,
          lados: [
            {
              data: '2026-11-10',
              lote: 'L-7',
              sexo: 'Macho',
              aviario: 'Aviário 1',
              lado: 'A',
              stats: { ...BOX1_STATS, totalAves: 4 },
              qualidade: null,
              boxes: [
                {
                  data: '2026-11-10',
                  lote: 'L-7',
                  sexo: 'Macho',
                  aviario: 'Aviário 1',
                  lado: 'A',
                  box: '1',
                  linha: 'Ross',
                  idade_lote: 28,
                  key: '2026-11-10;L-7;Macho;Aviário 1;A;1.R.P',
                  balancas: ['BAL-0001'],
                  stats: BOX1_STATS,
                  histograma,
                  padrao: null,
                  qualidade: null,
                },
                {
                  data: '2026-11-10',
                  lote: 'L-7',
                  sexo: 'Macho',
                  aviario: 'Aviário 1',
                  lado: 'A',
                  box: '2',
                  linha: 'Ross',
                  idade_lote: 28,
                  key: '2026-11-10;L-7;Macho;Aviário 1;A;2.R.P',
                  balancas: ['BAL-0002'],
                  stats: BOX2_STATS,
                  histograma,
                  padrao: null,
                  qualidade: null,
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};
