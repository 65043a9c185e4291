import type { Chave, Device, Fumigador, Grafico, IntegracaoConfig, Lote, MtechConfig, Nucleo, Padrao, PontoColeta, Silo, SiloMovimento } from '@portal/shared';
import type { TestAccount } from '../factories.js';
import type { TestPortal } from '../harness.js';
import { createNucleo } from './farms.js';

export interface EveryRecord {
  nucleo: Nucleo;
  padrao: Padrao;
  lote: Lote;
  device: Device;
  coletor: Device;
  /** A grader (SELAUTO): the device gettotaisselauto reads. */
  seletora: Device;
  /** A trough monitor (MCALHA): the device getgraph_calha reads. */
  calha: Device;
  silo: Silo;
  movimento: SiloMovimento;
  fumigador: Fumigador;
  ponto: PontoColeta;
  chave: Chave;
  grafico: Grafico;
  integracao: IntegracaoConfig;
  mtech: MtechConfig;
}

/** One record of every kind of section 7 for `owner`, created through the API. */
export async function everyRecordOf(portal: TestPortal, owner: TestAccount): Promise<EveryRecord> {
  const call = async <T>(path: string, body: Record<string, unknown>): Promise<T> => {
    const answer = await portal.request<T>('POST', `/api/${path}`, { token: owner.token, body });
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const tag = `${owner.user.id}`;
  const nucleo = await createNucleo(portal, owner);
  const house = nucleo.aviarios[0]!.id;
  const padrao = await call<Padrao>('registerpadrao', { nome: 'Padrão teste', linhagem: 'Ross 308', pontos: [{ idade: 0, peso: 43 }, { idade: 7, peso: 200 }] });
  const lote = await call<Lote>('registerlote', { codigo: 'L-1', nucleo_id: nucleo.id, aviarios: [house], data_alojamento: '2026-11-01', padrao_id: padrao.id, aves_misto: 20000 });
  const device = await call<Device>('registerdevice', { modelo: 'BSILO', serie: `BS-${tag}`, chip_id: 'A1B2', nucleo_id: nucleo.id });
  const coletor = await call<Device>('registerdevice', { modelo: 'COLETOR', serie: `CO-${tag}`, chip_id: 'C0C0', nucleo_id: nucleo.id });
  const doser = await call<Device>('registerdevice', { modelo: 'DOSADOR', serie: `DO-${tag}`, nucleo_id: nucleo.id });
  const seletora = await call<Device>('registerdevice', { modelo: 'SELAUTO', serie: `SA-${tag}`, chip_id: '5E1A', nucleo_id: nucleo.id });
  const calha = await call<Device>('registerdevice', { modelo: 'MCALHA', serie: `MC-${tag}`, chip_id: 'CA1A', nucleo_id: nucleo.id });
  const silo = await call<Silo>('registersilo', { nome: 'Silo 1', nucleo_id: nucleo.id, capacidade_kg: 18000, device_id: device.id, aviarios: [house] });
  const movements = await call<SiloMovimento[]>('registersilomov', { idsilo: silo.id, tipo: 'entrada', data: '2026-11-02', quantidade_kg: 12000.5 });
  const fumigador = await call<Fumigador>('registerfumigador', { nome: 'Fumigador 1', nucleo_id: nucleo.id, device_id: doser.id, produto: 'Glutaraldeído' });
  const ponto = await call<PontoColeta>('registerpontocoleta', { nome: 'Ponto 1', nucleo_id: nucleo.id, serie_coletores: coletor.serie });
  const chave = await call<Chave>('registerchave', { descricao: 'Chave do técnico' });
  const grafico = await call<Grafico>('registergrafico', { titulo: 'Peso x padrão', linhas: [{ tit: 'Lote', fonte: 'peso_medio', lote_id: lote.id }] });
  const integracao = await call<IntegracaoConfig>('register_config_integracao', {
    nome: 'ERP', sistema: 'SAP', endpoint: 'https://erp.example.test/api', usuario: 'portal', senha: 'segredo-1', dados: ['lotes'],
  });
  const mtech = await call<MtechConfig>('register_config_mtech', { nome: 'Mtech', empresa: 'E01', endpoint: 'https://mtech.example.test', senha: 'segredo-2', dados: ['pesagens'] });
  return { nucleo, padrao, lote, device, coletor, seletora, calha, silo, movimento: movements[0]!, fumigador, ponto, chave, grafico, integracao, mtech };
}
