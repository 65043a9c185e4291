import { beforeAll, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../test/factories.js';
import { grantAccess } from '../test/factories/farms.js';
import { describeEachDialect, type TestPortal } from '../test/harness.js';
import { everyRecordOf, type EveryRecord } from '../test/factories/every-record.js';
import { fotosRepository } from '../modules/live/fotos.repository.js';
import { alarmsRepository } from '../modules/alarms/alarms.repository.js';
import { ALARME_PREFERENCIAS_PADRAO, ALARME_REGRAS_PADRAO, apiCalls, type CallName, type CallSpec, TOKEN_API_MAX, TOKEN_API_PREFIXO, tokenMayCall, type TokenEscopo } from '@portal/shared';
import { createTokenApi } from '../test/factories/api-tokens.js';
import { createNucleo } from '../test/factories/farms.js';
import { createLote } from '../test/factories/flocks.js';
import { apiTokensRepository } from '../modules/apiTokens/apiTokens.repository.js';
import { hashToken } from './tokens.js';

/** Every record, and a picture the owner's device sent (img_cs serves it). */
type Records = EveryRecord & { fotoId: number; /** A manual dosing event of the fumigator. */ dosagemId: number; /** A daily record of the flock. */ diarioId: number; /** An open alarm of the owner's farm. */ alarmeId: number; /** An API token of the owner. */ tokenApiId: number };

/**
 * Access control for every call of the OpenAPI document: each one is either a call on an
 * owner's records (another owner's id → 404, a read grant writing → 403, the record unchanged)
 * or a call about the caller alone, named below with the reason. A new call without a case fails.
 */

/** API calls, and the pictures devices sent (/img_cs/{id}, loaded by <img> with the session cookie). */
type Call = `${'GET' | 'POST'} /${'api' | 'img_cs'}/${string}`;
interface Attempt {
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, unknown>;
  /** A body sent as is (multipart calls), with its content type. */
  rawBody?: string;
  headers?: Record<string, string>;
}

/** A multipart form of text fields and one CSV `file`, as POST /api/importacao takes. */
function multipart(path: string, fields: Record<string, string>, csv: string): Attempt {
  const boundary = 'isolation-form-boundary';
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pesagens.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`);
  return { method: 'POST', path, rawBody: parts.join(''), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The caller's own account, sessions, grants or a public catalogue: no owner's records involved. */
const NOT_OWNER_DATA: Partial<Record<Call, string>> = {
  'POST /api/register': 'creates an account', 'POST /api/login': 'signs in', 'GET /api/getuser': 'the caller',
  'POST /api/updateuser': 'the caller', 'GET /api/password_recover': 'no session', 'POST /api/password_reset': 'no session',
  'GET /api/setcookie': 'the caller', 'POST /api/logout': 'the caller', 'GET /api/getsessions': 'the caller',
  'POST /api/delsession': 'the caller (tested in sessions.test.ts)', 'GET /api/health': 'public', 'GET /api/ready': 'public',
  'POST /api/permissoes': 'grants the caller gave (tested below)', 'POST /api/proprietarios': 'owners that granted the caller (tested below)',
  'POST /api/setpermissoes': "the caller's own grants", 'GET /api/getdevice_type': 'catalogue of models', 'GET /api/getprotocolos': 'catalogue',
  'GET /api/getpadrao_presets': 'published standards',
  'GET /api/getpushchave': "the portal's public key",
  'POST /api/push_subscribe': "the caller's own push subscriptions", 'POST /api/push_unsubscribe': "the caller's own push subscriptions (another's: 404, modules/alarms/delivery/push.test.ts)",
  'POST /api/mqtt/auth': 'broker hook: a device login, no session (modules/mqttHooks/hooks.test.ts)',
  'POST /api/mqtt/acl': 'broker hook: a device topic, no session (modules/mqttHooks/hooks.test.ts)',
};

/**
 * For each call on owner data: the request that touches owner A's record `r` (acting for `prop`
 * when given). Writes are valid requests, so only access decides the answer.
 */
function ownerCalls(r: Records): Partial<Record<Call, { write: boolean; attempt: (prop?: number) => Attempt; namesNoRecord?: true }>> {
  const get = (path: string, id?: number) => (prop?: number) => ({
    method: 'GET' as const,
    path: `/api/${path}?${new URLSearchParams({ ...(id === undefined ? {} : { id: String(id) }), ...(prop === undefined ? {} : { prop: String(prop) }) })}`,
  });
  const post = (path: string, body: Record<string, unknown>) => (prop?: number) => ({ method: 'POST' as const, path: `/api/${path}`, body: { ...body, ...(prop === undefined ? {} : { prop }) } });
  const read = (attempt: (prop?: number) => Attempt) => ({ write: false, attempt });
  const write = (attempt: (prop?: number) => Attempt) => ({ write: true, attempt });
  /** Reads naming no record (reports over all the owner's data): without `prop` the caller reads its own, so only acting for the owner is refused. */
  const readAll = (attempt: (prop?: number) => Attempt) => ({ write: false, attempt, namesNoRecord: true as const });
  const period = { inicio: '2026-11-01', fim: '2026-11-30' };
  return {
    'GET /api/getnucleo': read(get('getnucleo', r.nucleo.id)),
    'POST /api/registernucleo': write(post('registernucleo', { id: r.nucleo.id, nome: 'Tomado' })),
    'POST /api/updatenucleomanual': write(post('updatenucleomanual', { idnucleo: r.nucleo.id, aviarios: [] })),
    'POST /api/delnucleo': write(post('delnucleo', { idnucleo: r.nucleo.id })),
    'GET /api/getpadrao': read(get('getpadrao', r.padrao.id)),
    'POST /api/registerpadrao': write(post('registerpadrao', { id: r.padrao.id, nome: 'X', linhagem: 'X', pontos: [{ idade: 0, peso: 42 }] })),
    'POST /api/delpadrao': write(post('delpadrao', { idpadrao: r.padrao.id })),
    'GET /api/getlote': read(get('getlote', r.lote.id)),
    'POST /api/registerlote': write(post('registerlote', { id: r.lote.id, codigo: 'X', nucleo_id: r.nucleo.id, aviarios: [r.nucleo.aviarios[0]!.id] })),
    'POST /api/dellote': write(post('dellote', { idlote: r.lote.id })),
    'GET /api/getdiario': read((prop) => ({ method: 'GET', path: `/api/getdiario?${new URLSearchParams({ lote_id: String(r.lote.id), ...(prop === undefined ? {} : { prop: String(prop) }) })}` })),
    'POST /api/registerdiario': write(post('registerdiario', { lote_id: r.lote.id, aviario_id: r.lote.aviarios[0]!.id, data: '2026-11-03', eliminados: 7 })),
    'POST /api/deldiario': write(post('deldiario', { id: r.diarioId })),
    'POST /api/registerfechamento': write(post('registerfechamento', { lote_id: r.lote.id, data: '2026-11-20', aves_entregues: 100, kg_entregues: 250 })),
    // The account's performance settings name no record: without prop the caller reads (sets) its own.
    'GET /api/getconfigdesempenho': readAll(get('getconfigdesempenho')),
    'POST /api/setconfigdesempenho': { write: true, attempt: post('setconfigdesempenho', { causas: ['x'], peso_referencia_g: 2600, pontos_100g: 0.03 }), namesNoRecord: true },
    'GET /api/getsilo': read(get('getsilo', r.silo.id)),
    'POST /api/registersilo': write(post('registersilo', { id: r.silo.id, nome: 'X', nucleo_id: r.nucleo.id, capacidade_kg: 1 })),
    'POST /api/delsilo': write(post('delsilo', { idsilo: r.silo.id })),
    'GET /api/getsilomov': read(get('getsilomov', r.silo.id)),
    'POST /api/registersilomov': write(post('registersilomov', { idsilo: r.silo.id, tipo: 'entrada', data: '2026-11-01', quantidade_kg: 1 })),
    'POST /api/delsilomov': write(post('delsilomov', { idmov: r.movimento.id })),
    'GET /api/getsiloleituras': read((prop) => ({
      method: 'GET',
      path: `/api/getsiloleituras?${new URLSearchParams({ id: String(r.silo.id), di: period.inicio, df: period.fim, ...(prop === undefined ? {} : { prop: String(prop) }) })}`,
    })),
    'POST /api/confirmentrega': write(post('confirmentrega', { idsilo: r.silo.id, em: Date.parse('2026-11-02T03:00:00Z'), confirmar: true })),
    'GET /api/getfumigador': read(get('getfumigador', r.fumigador.id)),
    'POST /api/registerfumigador': write(post('registerfumigador', { id: r.fumigador.id, nome: 'X', nucleo_id: r.nucleo.id })),
    'POST /api/delfumigador': write(post('delfumigador', { idfumigador: r.fumigador.id })),
    'POST /api/reldosagem': read(post('reldosagem', { id: r.fumigador.id, di: period.inicio, df: period.fim })),
    'POST /api/reldosagemdetalhe': read(post('reldosagemdetalhe', { id: r.fumigador.id, iddosagens: r.dosagemId })),
    'GET /api/getfumigacao': read((prop) => ({ method: 'GET', path: `/api/getfumigacao?${new URLSearchParams({ id: String(r.fumigador.id), di: period.inicio, df: period.fim, ...(prop === undefined ? {} : { prop: String(prop) }) })}` })),
    'GET /api/getfumigacaodetalhe': read((prop) => ({
      method: 'GET',
      path: `/api/getfumigacaodetalhe?${new URLSearchParams({ id: String(r.fumigador.id), di: period.inicio, df: period.fim, ...(prop === undefined ? {} : { prop: String(prop) }) })}`,
    })),
    'GET /api/getfotosdosagem': read(get('getfotosdosagem', r.dosagemId)),
    'POST /api/registerdosagem': write(post('registerdosagem', { id: r.dosagemId, fumigador_id: r.fumigador.id, operador: 'Tomado' })),
    'POST /api/deldosagem': write(post('deldosagem', { iddosagem: r.dosagemId })),
    'GET /api/getpontocoleta': read(get('getpontocoleta', r.ponto.id)),
    'POST /api/registerpontocoleta': write(post('registerpontocoleta', { id: r.ponto.id, nome: 'X', serie_coletores: r.coletor.serie })),
    'POST /api/delpontocoleta': write(post('delpontocoleta', { idponto: r.ponto.id })),
    'GET /api/gethistoricopontocoleta': read((prop) => ({ method: 'GET', path: `/api/gethistoricopontocoleta?${new URLSearchParams({ id: String(r.ponto.id), di: period.inicio, df: period.fim, ...(prop === undefined ? {} : { prop: String(prop) }) })}` })),
    'GET /api/gethistoricopontocoletagrafico': read((prop) => ({ method: 'GET', path: `/api/gethistoricopontocoletagrafico?${new URLSearchParams({ id: String(r.ponto.id), di: period.inicio, df: period.fim, ...(prop === undefined ? {} : { prop: String(prop) }) })}` })),
    'GET /api/getchave': read(get('getchave', r.chave.id)),
    'POST /api/registerchave': write(post('registerchave', { id: r.chave.id, descricao: 'X' })),
    'POST /api/delchave': write(post('delchave', { idchave: r.chave.id })),
    'POST /api/getchavehist': read(post('getchavehist', { idchave: r.chave.id })),
    'GET /api/getgrafico': read(get('getgrafico', r.grafico.id)),
    'POST /api/registergrafico': write(post('registergrafico', { id: r.grafico.id, titulo: 'X', linhas: [{ tit: 'X', fonte: 'padrao', padrao_id: r.padrao.id }] })),
    'POST /api/delgrafico': write(post('delgrafico', { idgrafico: r.grafico.id })),
    'POST /api/setgraficopainel': write(post('setgraficopainel', { idgrafico: r.grafico.id, painel: true })),
    'POST /api/getgraphdata': read(post('getgraphdata', { id: r.grafico.id, di: '2026-11-01', df: '2026-11-30' })),
    'GET /api/getdevice': read(get('getdevice', r.device.id)),
    'GET /api/getdevice_conn': read(get('getdevice_conn', r.device.id)),
    'POST /api/registerdevice': write(post('registerdevice', { modelo: 'CAM', serie: `ISO-${r.device.id}` })),
    'POST /api/updatedevice': write(post('updatedevice', { iddevice: r.device.id, nome: 'Tomado' })),
    'POST /api/deldevice': write(post('deldevice', { iddevice: r.device.id })),
    'GET /api/getintegracao_config': read(get('getintegracao_config', r.integracao.id)),
    'POST /api/register_config_integracao': write(
      post('register_config_integracao', { id: r.integracao.id, nome: 'X', sistema: 'X', endpoint: 'https://erp.example.test/api', dados: ['lotes'] }),
    ),
    'POST /api/delintegracao': write(post('delintegracao', { idindice: r.integracao.id })),
    'GET /api/getmtech_config': read(get('getmtech_config', r.mtech.id)),
    'POST /api/register_config_mtech': write(post('register_config_mtech', { id: r.mtech.id, nome: 'X', empresa: 'X', endpoint: 'https://mtech.example.test', dados: ['pesagens'] })),
    'POST /api/delmtech': write(post('delmtech', { idindice: r.mtech.id })),
    // The export (issue 21): the owner's alone like the settings (the /integracao/ below: a read grant gets 403).
    'POST /api/enviarintegracao': write(post('enviarintegracao', { idindice: r.integracao.id, tipo: 'integracao' })),
    'GET /api/getintegracaoenvios': read((prop?: number) => ({
      method: 'GET' as const,
      path: `/api/getintegracaoenvios?${new URLSearchParams({ id: String(r.integracao.id), tipo: 'integracao', ...(prop === undefined ? {} : { prop: String(prop) }) })}`,
    })),
    'POST /api/novosegredointegracao': write(post('novosegredointegracao', { idindice: r.mtech.id, tipo: 'mtech' })),
    // Names the owner's farm and a new one (create_missing): a wrongly allowed import would change the snapshot.
    'POST /api/importacao': {
      write: true,
      namesNoRecord: true,
      attempt: (prop) =>
        multipart('/api/importacao', { ...(prop === undefined ? {} : { prop: String(prop) }), create_missing: 'true' }, `data;nucleo;lote;peso\r\n01/11/2026;${r.nucleo.nome};Tomado;1000\r\n01/11/2026;Tomada;T-1;1000\r\n`),
    },
    'POST /api/avesheader': readAll(post('avesheader', {})),
    'POST /api/incubatorioheader': readAll(post('incubatorioheader', {})),
    'POST /api/avespesos': read(post('avespesos', { ...period, nucleo_id: r.nucleo.id })),
    'POST /api/registerpesagemmanual': write(
      post('registerpesagemmanual', { uid: '0b8e5c1e-4f7a-4c2b-9d3e-5a6b7c8d9e0f', lote_id: r.lote.id, aviario_id: r.lote.aviarios[0]!.id, data: '2026-11-20', sexo: 'misto', pesos: [1500] }),
    ),
    'GET /api/v2/resumo': readAll((prop) => ({ method: 'GET', path: `/api/v2/resumo?${new URLSearchParams({ ...period, ...(prop === undefined ? {} : { prop: String(prop) }) })}` })),
    'GET /api/gettotaisselauto': read((prop) => ({
      method: 'GET',
      path: `/api/gettotaisselauto?${new URLSearchParams({ id: String(r.seletora.id), ini: period.inicio, fim: period.fim, lote_id: String(r.lote.id), ...(prop === undefined ? {} : { prop: String(prop) }) })}`,
    })),
    'GET /api/getuniestrutura': readAll(get('getuniestrutura')),
    'GET /api/usrstats': readAll(get('usrstats')),
    // Names devices by serial: a stranger naming the owner's gets an empty list (tested in modules/live/live.test.ts).
    'POST /api/devupdt': readAll(post('devupdt', { dispositivos: [{ modelo: r.device.modelo, serie: r.device.serie }] })),
    'GET /api/getremotelist': readAll(get('getremotelist')),
    'GET /api/getleituras': read(get('getleituras', r.device.id)),
    'GET /api/getfotos': read(get('getfotos', r.device.id)),
    'GET /api/getracao': read((prop) => ({
      method: 'GET',
      path: `/api/getracao?${new URLSearchParams({ id: String(r.lote.id), di: period.inicio, df: period.fim, ...(prop === undefined ? {} : { prop: String(prop) }) })}`,
    })),
    'GET /api/getdesempenho': read((prop) => ({
      method: 'GET',
      path: `/api/getdesempenho?${new URLSearchParams({ lote_id: String(r.lote.id), ...(prop === undefined ? {} : { prop: String(prop) }) })}`,
    })),
    'GET /api/getprevisao': read((prop) => ({
      method: 'GET',
      path: `/api/getprevisao?${new URLSearchParams({ lote_id: String(r.lote.id), ...(prop === undefined ? {} : { prop: String(prop) }) })}`,
    })),
    'GET /api/getseparacaosexo': read((prop) => ({
      method: 'GET',
      path: `/api/getseparacaosexo?${new URLSearchParams({ lote_id: String(r.lote.id), data: '2026-11-10', ...(prop === undefined ? {} : { prop: String(prop) }) })}`,
    })),
    'GET /api/getqualidade': read((prop) => ({
      method: 'GET',
      path: `/api/getqualidade?${new URLSearchParams({ lote_id: String(r.lote.id), ...(prop === undefined ? {} : { prop: String(prop) }) })}`,
    })),
    'POST /api/setqualidadeconfig': write(post('setqualidadeconfig', { lote_id: r.lote.id, ativo: true, abaixo_pct: 20, acima_pct: 10, dupla_tolerancia_pct: 15, referencia: 'padrao', pesagens_dia_meta: 50 })),
    'GET /api/getpesagensdescartadas': read((prop) => ({
      method: 'GET',
      path: `/api/getpesagensdescartadas?${new URLSearchParams({ lote_id: String(r.lote.id), data: '2026-11-10', ...(prop === undefined ? {} : { prop: String(prop) }) })}`,
    })),
    // Ranks the owner's flocks (todos=1: every owner that granted the caller, so a stranger's lists only its own).
    'GET /api/getcomparativo': readAll((prop) => ({
      method: 'GET',
      path: `/api/getcomparativo?${new URLSearchParams({ di: '2026-01-01', df: '2026-12-31', ativos: '1', ...(prop === undefined ? {} : { prop: String(prop) }) })}`,
    })),
    'GET /api/getcalhas': readAll(get('getcalhas')),
    // The retention names no record: without prop the caller reads (sets) its own; a read grant never sets it.
    'GET /api/getretencao': readAll(get('getretencao')),
    'POST /api/setretencao': { write: true, attempt: post('setretencao', { leituras_dias: 45 }), namesNoRecord: true },
    'GET /api/getgraph_calha': read((prop) => ({
      method: 'GET',
      path: `/api/getgraph_calha?${new URLSearchParams({ id: String(r.calha.id), idcalha: '1', di: period.inicio, df: period.fim, ...(prop === undefined ? {} : { prop: String(prop) }) })}`,
    })),
    // Alarms: reads with any grant; acknowledging and clearing are operational acts any grant reaching
    // the farm may do (docs/alarms.md), so a read grant gets 200 (ack first: clearing ends the alarm).
    'GET /api/getalarmes': readAll(get('getalarmes')),
    'POST /api/ackalarme': read(post('ackalarme', { id: r.alarmeId, obs: 'visto' })),
    'POST /api/clearalarme': read(post('clearalarme', { id: r.alarmeId })),
    'GET /api/getalarmeregras': readAll(get('getalarmeregras')),
    'GET /api/getsilofim': read((prop) => ({
      method: 'GET',
      path: `/api/getsilofim?${new URLSearchParams({ nucleo_id: String(r.nucleo.id), ...(prop === undefined ? {} : { prop: String(prop) }) })}`,
    })),
    'POST /api/setalarmeregras': write(post('setalarmeregras', { nucleo_id: r.nucleo.id, regras: ALARME_REGRAS_PADRAO })),
    // Delivery preferences are the caller's own for an owner it reads (any grant sets its own); farms outside its reach: 400.
    'GET /api/getalarmepreferencias': readAll(get('getalarmepreferencias')),
    'POST /api/setalarmepreferencias': readAll(post('setalarmepreferencias', { ...ALARME_PREFERENCIAS_PADRAO, nucleos: [r.nucleo.id] })),
    // The picture's owner decides, not prop: a stranger acting "for the owner" is still refused.
    'GET /img_cs/{id}': read(() => ({ method: 'GET', path: `/img_cs/${r.fotoId}` })),
    // API tokens are the owner's alone, like keys (the /tokenapi/ below: a read grant gets 403).
    'POST /api/registertokenapi': { write: true, attempt: post('registertokenapi', { nome: 'Tomado', escopo: 'importacao' }), namesNoRecord: true },
    'GET /api/gettokenapi': readAll(get('gettokenapi')),
    'POST /api/revogatokenapi': write(post('revogatokenapi', { idtoken: r.tokenApiId })),
  };
}

type OpenApiPaths = Record<string, Record<string, { security?: Record<string, unknown>[] }>>;

async function openApiPaths(portal: TestPortal): Promise<OpenApiPaths> {
  return ((await portal.request('GET', '/api/openapi.json')).body as { paths: OpenApiPaths }).paths;
}

/** Every call the portal serves, from its own OpenAPI document. */
async function everyCall(portal: TestPortal): Promise<Call[]> {
  return Object.entries(await openApiPaths(portal)).flatMap(([path, methods]) =>
    Object.keys(methods).filter((method) => method !== 'head').map((method) => `${method.toUpperCase()} ${path}` as Call),
  );
}

/** Paths outside the call table (the pictures at /img_cs) that the document says an API token may use. */
async function tokenRoutesOutsideCalls(portal: TestPortal): Promise<Set<Call>> {
  const routes = new Set<Call>();
  for (const [path, methods] of Object.entries(await openApiPaths(portal))) {
    if (path.startsWith('/api/')) continue;
    for (const [method, operation] of Object.entries(methods)) {
      if (operation.security?.some((scheme) => 'apiToken' in scheme)) routes.add(`${method.toUpperCase()} ${path}` as Call);
    }
  }
  return routes;
}

/** The loops below make a few requests for each of the ~130 calls: under a loaded machine that is well past the default 20 s. */
const EVERY_CALL_TIMEOUT_MS = 180_000;

describeEachDialect('access control of every call', (portal) => {
  let owner: TestAccount;
  let stranger: TestAccount;
  let reader: TestAccount;
  let records: Records;
  /** What the owner sees of every record before the attempts, to prove nothing changed. */
  let before: string;

  const snapshot = async () => {
    const lists = ['getnucleo', 'getpadrao', 'getlote', 'getsilo', 'getfumigador', 'getpontocoleta', 'getchave', 'getgrafico', 'getdevice', 'getintegracao_config', 'getmtech_config', 'gettokenapi', 'getretencao', 'getconfigdesempenho', 'getalarmeregras'];
    const answers = await Promise.all(lists.map((call) => portal().request('GET', `/api/${call}`, { token: owner.token })));
    const movements = await portal().request('GET', `/api/getsilomov?id=${records.silo.id}`, { token: owner.token });
    const diarios = await portal().request('GET', `/api/getdiario?lote_id=${records.lote.id}`, { token: owner.token });
    // Manual weighings leave no record a get call lists: their weighings are counted here.
    const weighings = await portal().database.db.selectFrom('pesagens').select((eb) => eb.fn.countAll().as('n')).where('owner_id', '=', owner.user.id).executeTakeFirstOrThrow();
    return JSON.stringify([...answers.map((answer) => answer.body), movements.body, diarios.body, Number(weighings.n)]);
  };

  beforeAll(async () => {
    owner = await createAccount(portal());
    stranger = await createAccount(portal());
    reader = await createAccount(portal());
    const every = await everyRecordOf(portal(), owner);
    const foto = await fotosRepository(portal().database.db).insert({
      owner_id: owner.user.id, device_id: every.device.id, pedido: 'isolation', mime: 'image/png', conteudo: Buffer.from('89504e47', 'hex'), created_at: Date.now(),
    });
    const dosagem = await portal().request('POST', '/api/registerdosagem', {
      token: owner.token,
      body: { fumigador_id: every.fumigador.id, inicio: '2026-11-02T10:00:00Z', fim: '2026-11-02T10:30:00Z', volume_ml: 250 },
    });
    const diario = await portal().request('POST', '/api/registerdiario', {
      token: owner.token,
      body: { lote_id: every.lote.id, aviario_id: every.lote.aviarios[0]!.id, data: '2026-11-02', mortalidade: [{ causa: 'ascite', aves: 3 }] },
    });
    const alarmeId = await alarmsRepository(portal().database.db).raise(
      owner.user.id,
      { tipo: 'sem_dados', severidade: 'alerta', nucleo_id: every.nucleo.id, alvo_tipo: 'dispositivo', alvo_id: every.device.id, alvo_nome: 'Isolation', chave: 'sem_dados:isolation', detalhe: {} },
      Date.now(),
    );
    const tokenApi = await createTokenApi(portal(), owner, { nome: 'Isolation' });
    records = { ...every, fotoId: foto.id, dosagemId: dosagem.body.id, diarioId: diario.body.id, alarmeId: alarmeId!, tokenApiId: tokenApi.id };
    await grantAccess(portal(), owner, reader, 'leitura');
    before = await snapshot();
  });

  it('has a case for every call of the OpenAPI document', async () => {
    const cases = ownerCalls(records);
    const missing = (await everyCall(portal())).filter((call) => !(call in cases) && !(call in NOT_OWNER_DATA));
    expect(missing, 'calls without an isolation case').toEqual([]);
  });

  it("answers 404 to another owner's ids and owner, and 403 to a read grant writing", async () => {
    const problems: string[] = [];
    for (const [call, entry] of Object.entries(ownerCalls(records))) {
      const { write, attempt, namesNoRecord } = entry!;
      const send = (account: TestAccount, request: Attempt) =>
        portal().request(request.method, request.path, { token: account.token, body: request.body, rawBody: request.rawBody, headers: request.headers });
      const expectStatus = async (who: string, account: TestAccount, request: Attempt, status: number) => {
        const answer = await send(account, request);
        if (answer.status !== status) problems.push(`${call} by ${who}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)} (expected ${status})`);
      };
      // registerdevice names no record: acting for the owner is what must be refused.
      if (call !== 'POST /api/registerdevice' && !namesNoRecord) await expectStatus('a stranger with the id alone', stranger, attempt(), 404);
      await expectStatus('a stranger acting for the owner', stranger, attempt(owner.user.id), 404);
      if (write) await expectStatus('a read grant', reader, attempt(owner.user.id), 403);
      else if (!/chave|integracao|mtech|tokenapi/.test(call)) await expectStatus('a read grant', reader, attempt(owner.user.id), 200);
      else await expectStatus('a read grant on owner-only settings', reader, attempt(owner.user.id), 403);
    }
    expect(problems).toEqual([]);
    expect(await snapshot()).toBe(before);
  }, EVERY_CALL_TIMEOUT_MS);

  it("never shows another owner's grants or owners", async () => {
    const given = await portal().request('POST', '/api/permissoes', { token: stranger.token, body: {} });
    expect(given.body).toEqual([]);
    const owners = await portal().request('POST', '/api/proprietarios', { token: stranger.token, body: {} });
    expect(owners.body.map((item: { id: number }) => item.id)).toEqual([stranger.user.id]);
  });

  // After the cases above: an allowed importacao adds the owner's weighings.
  it('lets an API token make the calls of its scope on its owner\'s records, and refuses every other with 403 TOKEN_SCOPE', async () => {
    const cases = ownerCalls(records);
    const problems: string[] = [];
    const outsideCalls = await tokenRoutesOutsideCalls(portal());
    expect([...outsideCalls]).toEqual(['GET /img_cs/{id}']);
    for (const escopo of ['leitura', 'importacao'] as const satisfies readonly TokenEscopo[]) {
      const { token } = await createTokenApi(portal(), owner, { nome: `Todas as chamadas ${escopo}`, escopo });
      for (const call of await everyCall(portal())) {
        const [method, path] = call.split(' ') as ['GET' | 'POST', string];
        const name = path.slice('/api/'.length) as CallName;
        const spec: CallSpec | undefined = path.startsWith('/api/') ? apiCalls[name] : undefined;
        // Probes, broker hooks and signup or sign-in calls take no session: a token is not looked at.
        if (path.startsWith('/api/') && (spec === undefined || spec.anonymous)) continue;
        const request = cases[call]?.attempt() ?? { method, path, body: method === 'POST' ? {} : undefined };
        const answer = await portal().request(request.method, request.path, { token, body: request.body, rawBody: request.rawBody, headers: request.headers });
        const allowed = spec === undefined ? outsideCalls.has(call) : tokenMayCall(escopo, name);
        const expected = allowed ? '200' : '403 TOKEN_SCOPE';
        const got = allowed ? String(answer.status) : `${answer.status} ${answer.body?.code}`;
        if (got !== expected) problems.push(`${call} by a ${escopo} token: ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)} (expected ${expected})`);
      }
    }
    expect(problems).toEqual([]);
  }, EVERY_CALL_TIMEOUT_MS);

  it('refuses a revoked or expired token with 401, and a token limited to a farm finds nothing of another', async () => {
    const revoked = await createTokenApi(portal(), owner, { nome: 'Revogado' });
    await portal().request('POST', '/api/revogatokenapi', { token: owner.token, body: { idtoken: revoked.id } });
    const expired = `${TOKEN_API_PREFIXO}isolation-expired-token`;
    const stored = await apiTokensRepository(portal().database).insertLive(
      owner.user.id,
      { nome: 'Vencido', escopo: 'leitura', token_hash: hashToken(expired), prefixo: expired.slice(0, 8), nucleos: null, expira_em: '2020-01-01', expira_ms: Date.parse('2020-01-02T03:00:00Z') },
      Date.parse('2019-12-01T00:00:00Z'),
      TOKEN_API_MAX,
    );
    expect(stored).toHaveProperty('id');
    for (const token of [revoked.token, expired]) {
      const answer = await portal().request('GET', `/api/getlote?id=${records.lote.id}`, { token });
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe('UNAUTHENTICATED');
    }

    const otherFarm = await createNucleo(portal(), owner, { nome: 'Outra granja' });
    const otherLote = await createLote(portal(), owner, otherFarm);
    const limited = await createTokenApi(portal(), owner, { nome: 'Só a outra granja', nucleos: [otherFarm.id] });
    const read = (path: string) => portal().request('GET', path, { token: limited.token });
    expect((await read(`/api/getlote?id=${records.lote.id}`)).status).toBe(404);
    expect((await read(`/api/getnucleo?id=${records.nucleo.id}`)).status).toBe(404);
    expect((await read(`/api/getlote?id=${otherLote.id}`)).status).toBe(200);
    expect((await read('/api/getlote')).body.map((lote: { id: number }) => lote.id)).toEqual([otherLote.id]);
  });
});
