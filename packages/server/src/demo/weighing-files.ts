import type { DeviceModel, ImportResponse, Lote } from '@portal/shared';
import type { SampleData } from './sample-data.js';
import {
  ageAt,
  flockWeighings,
  graderWeighings,
  hatchWeighings,
  weighingCsv,
  type DemoFlockPlan,
  type DemoWeighingFile,
  type DemoWeighingRow,
} from './weighings.js';

/** Sends one file to a multipart call with its other fields; throws like DemoCall on anything but 200/201. */
export type DemoUpload = <T>(call: string, fields: Record<string, string>, file: { name: string; content: string; type: string }) => Promise<T>;

/** Lote 101's house weighed as mixed (index in its houses: Aviário 2). */
export const DEMO_MIXED_HOUSE = 1;
/** Birds the demo grader sorts on each of its days. */
export const DEMO_GRADER_BIRDS_PER_DAY = 2_000;
/** The last days of Lote 101 the grader ran (ages, the last one today). */
export const DEMO_GRADER_AGES = [33, 34, 35] as const;

function lookup(data: SampleData) {
  const lote = (codigo: string): Lote => {
    const found = data.lotes.find((item) => item.codigo === codigo);
    if (!found) throw new Error(`demo flock ${codigo} missing`);
    return found;
  };
  const serie = (modelo: DeviceModel): string => {
    const found = data.devices.find((item) => item.modelo === modelo);
    if (!found) throw new Error(`demo device ${modelo} missing`);
    return found.serie;
  };
  const pontos = (lote: Lote) => {
    const padrao = data.padroes.find((item) => item.id === lote.padrao_id);
    if (!padrao) throw new Error(`demo standard of ${lote.codigo} missing`);
    return padrao.pontos;
  };
  const houses = (lote: Lote, factors: number[] = []) => lote.aviarios.map((house, index) => ({ nome: house.nome, fator: factors[index] ?? 1 }));
  return { lote, serie, pontos, houses };
}

/**
 * The demo's weighing files: a bird scale's file per flock (Lote 101's second house lighter and
 * weighed as mixed, Lote 102 below standard on one day), the grader's file of Lote 101's last days, and the chick
 * scale's file of the hatchery's hatches. Each file has its own seed: the same day gives the same
 * files. About fifteen thousand rows in all, so seeding stays within a few seconds.
 */
export function demoWeighingFiles(data: SampleData, today: string): DemoWeighingFile[] {
  const { lote, serie, pontos, houses } = lookup(data);
  const plan = (flock: Lote, rest: Pick<DemoFlockPlan, 'aviarios' | 'idades' | 'serie_balanca'>): DemoFlockPlan => ({
    lote: flock.codigo,
    nucleo: flock.nucleo_nome,
    alojamento: flock.data_alojamento!,
    linha: flock.linhagem,
    pontos: pontos(flock),
    lados: 2,
    boxes: 3,
    aves: 10,
    ...rest,
  });
  const up = (flock: Lote, ages: number[]) => ages.filter((age) => age <= (ageAt(flock.data_alojamento!, flock.data_encerramento ?? today)));

  const l101 = lote('Lote 101');
  const l102 = lote('Lote 102');
  const l201 = lote('Lote 201');
  const l095 = lote('Lote 095');
  const files: Array<{ arquivo: string; rows: DemoWeighingRow[] }> = [
    {
      arquivo: 'lote-101-balanca-aves.csv',
      rows: flockWeighings(
        plan(l101, {
          // Its second house is weighed as mixed, with doubles and partial birds: the sex split's and the quality filter's case.
          aviarios: houses(l101, [1, 0.95]).map((house, index) => (index === DEMO_MIXED_HOUSE ? { ...house, misto: true } : house)),
          idades: up(l101, [3, 7, 10, 14, 17, 21, 24, 28, 31, 35]).map((idade) => ({ idade })),
          serie_balanca: serie('CS'),
        }),
        101,
      ),
    },
    {
      arquivo: 'lote-102-balanca-aves.csv',
      rows: flockWeighings(
        plan(l102, {
          aviarios: houses(l102),
          idades: up(l102, [7, 14, 18, 21]).map((idade) =>
            idade === 18 ? { idade, fator: 0.9, obs: 'Dia quente: consumo de ração baixo' } : { idade },
          ),
          serie_balanca: serie('CS'),
        }),
        102,
      ),
    },
    {
      arquivo: 'lote-201-balanca-aves.csv',
      rows: flockWeighings(plan(l201, { aviarios: houses(l201), idades: up(l201, [1, 4, 7]).map((idade) => ({ idade })), serie_balanca: serie('CS') }), 201),
    },
    {
      arquivo: 'lote-095-balanca-plataforma.csv',
      rows: flockWeighings(
        plan(l095, { aviarios: houses(l095), idades: up(l095, [7, 14, 21, 28, 35, 42]).map((idade) => ({ idade })), serie_balanca: serie('BD15PS') }),
        95,
      ),
    },
    {
      arquivo: 'lote-101-seletora.csv',
      rows: graderWeighings(
        {
          lote: l101.codigo,
          nucleo: l101.nucleo_nome,
          alojamento: l101.data_alojamento!,
          linha: l101.linhagem,
          pontos: pontos(l101),
          idades: up(l101, [...DEMO_GRADER_AGES]),
          aves: DEMO_GRADER_BIRDS_PER_DAY,
          serie_balanca: serie('SELAUTO'),
        },
        1101,
      ),
    },
    {
      arquivo: 'incubatorio-balanca-pintos.csv',
      rows: data.incubacoes.flatMap((hatch, index) =>
        hatchWeighings(
          {
            lote: hatch.codigo,
            nucleo: hatch.nucleo_nome,
            data: hatch.data_alojamento!,
            incubadoras: hatch.aviarios.map((incubadora) => incubadora.nome),
            linha: hatch.linhagem,
            peso: 42 + index * 0.8,
            aves: 150,
            serie_balanca: serie('BL30PI'),
          },
          3000 + index,
        ),
      ),
    },
  ];
  return files.filter((file) => file.rows.length > 0).map((file) => ({ arquivo: file.arquivo, csv: weighingCsv(file.rows), linhas: file.rows.length }));
}

/** Imports every demo file through POST /api/importacao, as an operator would; answers the weighings stored. */
export async function importDemoWeighings(upload: DemoUpload, files: readonly DemoWeighingFile[]): Promise<number> {
  let stored = 0;
  for (const file of files) {
    const answer = await upload<ImportResponse>(
      'importacao',
      { dry_run: 'false', create_missing: 'false', separador: ';', decimal: ',' },
      { name: file.arquivo, content: file.csv, type: 'text/csv' },
    );
    if (answer.importadas !== file.linhas) {
      throw new Error(`demo import of ${file.arquivo} stored ${answer.importadas} of ${file.linhas} rows (${answer.rejeitadasTotal} refused)`);
    }
    stored += answer.importadas;
  }
  return stored;
}
