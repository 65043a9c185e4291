import type { IntegracaoConfig, MtechConfig, RegisterIntegracaoBody, RegisterMtechBody } from '@portal/shared';
import type { TestAccount } from '../factories.js';
import type { TestPortal } from '../harness.js';

let sequence = 0;

/** An ERP integration (register_config_integracao) with a password. */
export async function createIntegracao(portal: TestPortal, account: TestAccount, overrides: Partial<RegisterIntegracaoBody> = {}): Promise<IntegracaoConfig> {
  sequence += 1;
  const body: RegisterIntegracaoBody = {
    nome: `ERP ${sequence}`,
    sistema: 'SAP Agro',
    endpoint: 'https://erp.integradora.example/api',
    usuario: 'portal',
    senha: `erp-senha-${sequence}-x9`,
    agenda: 'diaria',
    hora: '03:30',
    dados: ['lotes', 'pesagens'],
    ...overrides,
  };
  const answer = await portal.request<IntegracaoConfig>('POST', '/api/register_config_integracao', { token: account.token, body });
  if (answer.status !== 200) throw new Error(`register_config_integracao failed: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** An Mtech account setting (register_config_mtech) with a password. */
export async function createMtech(portal: TestPortal, account: TestAccount, overrides: Partial<RegisterMtechBody> = {}): Promise<MtechConfig> {
  sequence += 1;
  const body: RegisterMtechBody = {
    nome: `Mtech ${sequence}`,
    empresa: 'EMP01',
    endpoint: 'https://mtech.example/ws',
    usuario: 'granja',
    senha: `mtech-senha-${sequence}-x9`,
    dados: ['pesagens'],
    ...overrides,
  };
  const answer = await portal.request<MtechConfig>('POST', '/api/register_config_mtech', { token: account.token, body });
  if (answer.status !== 200) throw new Error(`register_config_mtech failed: ${JSON.stringify(answer.body)}`);
  return answer.body;
}
