import { randomBytes } from 'node:crypto';
import {
  DEVICE_MODELS,
  isLiveModel,
  type ChaveCreated,
  type DeviceModel,
  type DeviceSaved,
  type Grafico,
  type Lote,
  type Nucleo,
  type Padrao,
  type PadraoPreset,
  type PontoColeta,
  type Fumigador,
  type RegisterChaveBody,
  type RegisterDeviceBody,
  type RegisterFumigadorBody,
  type RegisterGraficoBody,
  type RegisterLoteBody,
  type RegisterNucleoBody,
  type RegisterPadraoBody,
  type RegisterPontoColetaBody,
  type RegisterSiloBody,
  type RegisterSiloMovBody,
  type SetPermissoesBody,
  type Silo,
  type SiloMovimento,
} from '@portal/shared';
import { closeOutDemoFlock, recordDemoDays } from './daily-records.js';

/** One call of the portal's own API; answers anything but 200/201 by throwing (see seed.ts). */
export type DemoCall = <T>(method: 'GET' | 'POST', call: string, body?: unknown) => Promise<T>;

/** A date `days` before `today` (both YYYY-MM-DD); negative goes forward. */
export function daysBefore(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

const FARMS: RegisterNucleoBody[] = [
  {
    nome: 'Núcleo Santa Clara',
    codigo: 'SC-01',
    endereco: 'Linha Santa Clara, km 7',
    cidade: 'Chapecó',
    estado: 'SC',
    pais: 'Brasil',
    latitude: -27.0964,
    longitude: -52.6182,
    obs: 'Frango de corte, integração.',
    aviarios: [1, 2, 3, 4].map((n) => ({ nome: `Aviário ${n}`, lados: 2, boxes: 6, capacidade: 24_000, area_m2: 1800 })),
  },
  {
    nome: 'Núcleo Boa Esperança',
    codigo: 'PR-02',
    endereco: 'Estrada Boa Esperança, s/n',
    cidade: 'Cascavel',
    estado: 'PR',
    pais: 'Brasil',
    latitude: -24.9573,
    longitude: -53.4596,
    obs: '',
    aviarios: [1, 2, 3].map((n) => ({ nome: `Aviário ${n}`, lados: 2, boxes: 5, capacidade: 20_000, area_m2: 1500 })),
  },
  {
    // The hatchery the BL30PI chick scale weighs in: its houses are the incubators.
    nome: 'Incubatório São José',
    tipo: 'incubatorio',
    codigo: 'INC-01',
    endereco: 'Rodovia SC-283, km 12',
    cidade: 'Chapecó',
    estado: 'SC',
    pais: 'Brasil',
    latitude: -27.0573,
    longitude: -52.7421,
    obs: 'Incubação e expedição de pintos de um dia.',
    aviarios: [1, 2].map((n) => ({ nome: `Incubadora ${n}`, lados: 1, boxes: 0, capacidade: 120_000, area_m2: null })),
  },
];

/** Where each model sits: farm index and house index (null: on the farm, or no farm at all). */
const DEVICE_PLACES: Record<DeviceModel, { farm: number | null; house: number | null; nome: string }> = {
  COLETOR: { farm: 0, house: 0, nome: 'Coletor Aviário 1' },
  CS: { farm: 0, house: 0, nome: 'Balança de aves Aviário 1' },
  SELAUTO: { farm: 0, house: 1, nome: 'Seletora automática' },
  SELAVES: { farm: 0, house: 2, nome: 'Seletora de aves' },
  BSILO: { farm: 0, house: null, nome: 'Balança Silo 1' },
  SPSILO: { farm: 0, house: null, nome: 'Sensor de peso Silo 2' },
  DOSADORP: { farm: 1, house: 0, nome: 'Dosador de medicamento' },
  MCALHA: { farm: 1, house: 1, nome: 'Monitor de calhas' },
  SEQFC: { farm: 1, house: null, nome: 'Sequenciador Silo 2' },
  FC: { farm: 1, house: 2, nome: 'Controle de ração Aviário 3' },
  BD15PS: { farm: 0, house: 3, nome: 'Balança de plataforma' },
  'PS/SEL': { farm: 0, house: 0, nome: 'Pesagem na seleção' },
  SEQ: { farm: 1, house: null, nome: 'Sequenciador Silo 1' },
  SAC: { farm: 1, house: 0, nome: 'Sensor de calhas' },
  SILO: { farm: 1, house: null, nome: 'Balança de silo reserva' },
  DOSADOR: { farm: 0, house: 1, nome: 'Dosador fumigação' },
  CAM: { farm: 0, house: 0, nome: 'Câmera Aviário 1' },
  BL30PI: { farm: 2, house: null, nome: 'Balança de pintos (incubatório)' },
};

type FlockMaker = (codigo: string, farm: Nucleo, houses: number[], padrao: Padrao, placedDaysAgo: number, birds: number, closedDaysAgo?: number) => Promise<Lote>;

/** Four closed flocks of earlier cycles on both farms, one house each (42–43 days), before the current ones. */
async function pastFlocks(flock: FlockMaker, santaClara: Nucleo, boaEsperanca: Nucleo, main: Padrao, other: Padrao): Promise<Lote[]> {
  return [
    await flock('Lote 088', santaClara, [0], main, 130, 23_000, 88),
    await flock('Lote 090', santaClara, [2], other, 122, 23_000, 79),
    await flock('Lote 190', boaEsperanca, [1], main, 112, 19_000, 70),
    await flock('Lote 191', boaEsperanca, [2], other, 88, 19_000, 45),
  ];
}

/** A feed delivery, then consumption: the balance stays positive and below capacity. */
const SILO_MOVEMENTS: Array<{ tipo: 'entrada' | 'consumo'; daysAgo: number; kg: number; nota_fiscal?: string }> = [
  { tipo: 'entrada', daysAgo: 20, kg: 12_000, nota_fiscal: '004512' },
  { tipo: 'consumo', daysAgo: 14, kg: 3_512.5 },
  { tipo: 'consumo', daysAgo: 7, kg: 3_840 },
  { tipo: 'entrada', daysAgo: 6, kg: 8_000, nota_fiscal: '004587' },
  { tipo: 'consumo', daysAgo: 2, kg: 4_126.8 },
];
export const DEMO_SILO_BALANCE_KG = SILO_MOVEMENTS.reduce((sum, move) => sum + (move.tipo === 'entrada' ? move.kg : -move.kg), 0);

/** Days before seeding of the hatchery's hatches. */
export const DEMO_HATCH_DAYS_AGO = [15, 8, 1] as const;

export interface SampleData {
  nucleos: Nucleo[];
  padroes: Padrao[];
  lotes: Lote[];
  /** The hatchery's hatches (a flock each, closed on its hatch day). */
  incubacoes: Lote[];
  devices: DeviceSaved[];
  silos: Silo[];
  pontoColeta: PontoColeta;
  fumigador: Fumigador;
  chaves: ChaveCreated[];
  grafico: Grafico;
}

/**
 * The demo owner's farm data, built through the same calls the web uses (section 7), so every
 * rule applies. `today` is the owner's date; flock ages count from it.
 */
export async function createSampleData(call: DemoCall, today: string, tecnicoEmail: string): Promise<SampleData> {
  const nucleos: Nucleo[] = [];
  for (const farm of FARMS) nucleos.push(await call<Nucleo>('POST', 'registernucleo', farm));
  const [santaClara, boaEsperanca, incubatorio] = nucleos as [Nucleo, Nucleo, Nucleo];
  const house = (farm: Nucleo, index: number) => farm.aviarios[index]!.id;

  const presets = await call<PadraoPreset[]>('GET', 'getpadrao_presets');
  if (presets.length < 2) throw new Error(`getpadrao_presets offered ${presets.length} standards; the demo needs two`);
  const padroes: Padrao[] = [];
  for (const preset of presets.slice(0, 2)) {
    const { chave: _chave, ...standard } = preset;
    padroes.push(await call<Padrao>('POST', 'registerpadrao', standard satisfies RegisterPadraoBody));
  }
  const [mainStandard, otherStandard] = padroes as [Padrao, Padrao];

  const flock = (codigo: string, farm: Nucleo, houses: number[], padrao: Padrao, placedDaysAgo: number, birds: number, closedDaysAgo?: number) => {
    const placed = daysBefore(today, placedDaysAgo);
    const closed = closedDaysAgo === undefined ? null : daysBefore(today, closedDaysAgo);
    const body: RegisterLoteBody = {
      codigo,
      nucleo_id: farm.id,
      aviarios: houses.map((index) => house(farm, index)),
      data_alojamento: placed,
      data_encerramento: closed,
      linhagem: padrao.linhagem,
      padrao_id: padrao.id,
      aves_misto: birds,
      obs: closed ? 'Lote encerrado: abate realizado.' : '',
    };
    return call<Lote>('POST', 'registerlote', body);
  };
  const lotes = [
    await flock('Lote 101', santaClara, [0, 1], mainStandard, 35, 46_000),
    await flock('Lote 102', santaClara, [2], otherStandard, 21, 23_000),
    await flock('Lote 201', boaEsperanca, [0, 1], mainStandard, 7, 38_000),
    await flock('Lote 095', santaClara, [3], otherStandard, 62, 22_500, 18),
    // Past flocks, closed out before the weighings the demo keeps: the rankings compare them by their close-outs.
    ...(await pastFlocks(flock, santaClara, boaEsperanca, mainStandard, otherStandard)),
  ];
  for (const [index, lote] of lotes.entries()) {
    const padrao = padroes.find((item) => item.id === lote.padrao_id)!;
    // Up to yesterday, or the closing day.
    // Lote 101's heat wave was yesterday: the mortality alarm shows once the demo is seeded.
    const alive = await recordDemoDays(call, lote, padrao, lote.situacao === 'encerrado' ? lote.idade! : lote.idade! - 1, 1800 + index, index === 0);
    if (lote.situacao === 'encerrado') lotes[index] = await closeOutDemoFlock(call, lote, padrao, alive, 1900 + index);
  }
  const incubacoes: Lote[] = [];
  for (const [index, daysAgo] of DEMO_HATCH_DAYS_AGO.entries()) {
    const hatched = daysBefore(today, daysAgo);
    const standard = padroes[index % 2]!;
    incubacoes.push(
      await call<Lote>('POST', 'registerlote', {
        codigo: `Eclosão ${hatched.slice(8, 10)}/${hatched.slice(5, 7)}`,
        nucleo_id: incubatorio.id,
        aviarios: incubatorio.aviarios.map((incubadora) => incubadora.id),
        data_alojamento: hatched,
        data_encerramento: hatched,
        linhagem: standard.linhagem,
        padrao_id: standard.id,
        aves_misto: 96_000,
        obs: 'Pintos expedidos no dia da eclosão.',
      } satisfies RegisterLoteBody),
    );
  }

  const devices: DeviceSaved[] = [];
  for (const [index, modelo] of DEVICE_MODELS.entries()) {
    const place = DEVICE_PLACES[modelo];
    const farm = place.farm === null ? null : nucleos[place.farm]!;
    const body: RegisterDeviceBody = {
      modelo,
      serie: `DEMO-${modelo.replace(/[^A-Z0-9]+/g, '')}-${String(1001 + index)}`,
      // Live models join the socket channel and need a chip id (section 7).
      chip_id: isLiveModel(modelo) ? randomBytes(6).toString('hex').toUpperCase() : '',
      versao: '2.4.1',
      nome: place.nome,
      nucleo_id: farm?.id ?? null,
      aviario_id: farm && place.house !== null ? house(farm, place.house) : null,
    };
    devices.push(await call<DeviceSaved>('POST', 'registerdevice', body));
  }
  const device = (modelo: DeviceModel) => devices.find((item) => item.modelo === modelo)!;

  const siloPlan: Array<{ farm: Nucleo; nome: string; scale: DeviceModel; houses: number[] }> = [
    { farm: santaClara, nome: 'Silo 1', scale: 'BSILO', houses: [0, 1] },
    { farm: santaClara, nome: 'Silo 2', scale: 'SPSILO', houses: [2, 3] },
    { farm: boaEsperanca, nome: 'Silo 1', scale: 'SEQ', houses: [0, 1] },
    { farm: boaEsperanca, nome: 'Silo 2', scale: 'SEQFC', houses: [2] },
  ];
  const silos: Silo[] = [];
  for (const plan of siloPlan) {
    const body: RegisterSiloBody = {
      nome: plan.nome,
      nucleo_id: plan.farm.id,
      capacidade_kg: 18_000,
      tipo_racao: 'Crescimento',
      device_id: device(plan.scale).id,
      aviarios: plan.houses.map((index) => house(plan.farm, index)),
    };
    const silo = await call<Silo>('POST', 'registersilo', body);
    for (const move of SILO_MOVEMENTS) {
      const movement: RegisterSiloMovBody = {
        idsilo: silo.id,
        tipo: move.tipo,
        data: daysBefore(today, move.daysAgo),
        quantidade_kg: move.kg,
        nota_fiscal: move.nota_fiscal ?? '',
        obs: move.tipo === 'entrada' ? 'Entrega da fábrica de ração' : '',
      };
      await call<SiloMovimento[]>('POST', 'registersilomov', movement);
    }
    silos.push(silo);
  }

  const pontoColeta = await call<PontoColeta>('POST', 'registerpontocoleta', {
    nome: 'Ponto de coleta Aviário 1',
    nucleo_id: santaClara.id,
    aviario_id: house(santaClara, 0),
    serie_coletores: device('COLETOR').serie,
  } satisfies RegisterPontoColetaBody);

  const fumigador = await call<Fumigador>('POST', 'registerfumigador', {
    nome: 'Fumigador Aviário 2',
    nucleo_id: santaClara.id,
    aviario_id: house(santaClara, 1),
    device_id: device('DOSADOR').id,
    produto: 'Amônia quaternária',
    dose_ml: 250,
    volume_agua_l: 20,
    duracao_min: 15,
    horarios: ['06:00', '18:00'],
    ativo: true,
  } satisfies RegisterFumigadorBody);

  const chaves = [
    await call<ChaveCreated>('POST', 'registerchave', { descricao: 'Instalação de balanças no campo', escopo: 'dispositivo' } satisfies RegisterChaveBody),
    await call<ChaveCreated>('POST', 'registerchave', {
      descricao: 'Integração com o ERP da integradora',
      escopo: 'integracao',
      validade: daysBefore(today, -365),
    } satisfies RegisterChaveBody),
  ];

  const [lote101] = lotes as [Lote];
  const grafico = await call<Grafico>('POST', 'registergrafico', {
    titulo: `${lote101.codigo}: peso médio × ${mainStandard.nome}`,
    tipo: 'linha',
    periodo: '30',
    linhas: [
      { tit: `Peso médio ${lote101.codigo}`, fonte: 'peso_medio', lote_id: lote101.id },
      { tit: mainStandard.nome.slice(0, 60), fonte: 'padrao', padrao_id: mainStandard.id },
    ],
  } satisfies RegisterGraficoBody);

  await call('POST', 'setpermissoes', { email: tecnicoEmail, nivel: 'leitura', nucleos: [santaClara.id] } satisfies SetPermissoesBody);

  return { nucleos, padroes, lotes, incubacoes, devices, silos, pontoColeta, fumigador, chaves, grafico };
}
