import { z } from 'zod';
import {
  delSessionBody,
  loginBody,
  loginResponse,
  okResponse,
  passwordRecoverQuery,
  passwordResetBody,
  registerBody,
  sessionList,
  setCookieQuery,
  updateUserBody,
  user,
} from '../schemas/accounts.js';
import {
  comparativo,
  comparativoQuery,
  configDesempenho,
  delDiarioBody,
  desempenho,
  desempenhoQuery,
  diario,
  diarioList,
  getDiarioQuery,
  registerDiarioBody,
  registerFechamentoBody,
  setConfigDesempenhoBody,
} from '../schemas/performance/index.js';
import { retencao, setRetencaoBody } from '../schemas/retention.js';
import { previsaoQuery, previsaoResponse } from '../schemas/forecast.js';
import { separacaoSexoQuery, separacaoSexoResponse } from '../schemas/sexSplit.js';
import { descartadasQuery, descartadasResponse, qualidadeConfig, qualidadeQuery, qualidadeResponse, setQualidadeConfigBody } from '../schemas/quality.js';
import {
  alarmeAcaoBody,
  alarme,
  alarmePreferenciasResponse,
  alarmeRegrasResponse,
  alarmesResponse,
  getAlarmesQuery,
  pushChaveResponse,
  pushSubscribeBody,
  pushUnsubscribeBody,
  setAlarmePreferenciasBody,
  setAlarmeRegrasBody,
  siloFimQuery,
  siloFimResponse,
} from '../schemas/alarms.js';
import { importFormBody, importRejectedBody, importResponse } from '../schemas/imports.js';
import { devupdtBody, devupdtResponse, fotosQuery, fotosResponse, leiturasQuery, leiturasResponse, remoteList, remoteListQuery } from '../schemas/live.js';
import { delGraficoBody, getGraphDataBody, grafico, registerGraficoBody, setGraficoPainelBody } from '../schemas/records/charts.js';
import { deletedResponse, ownerQuery, recordQuery, requiredIdQuery } from '../schemas/records/common.js';
import { delPontoColetaBody, pontoColeta, registerPontoColetaBody } from '../schemas/records/collectionPoints.js';
import {
  delDeviceBody,
  device,
  deviceConn,
  deviceList,
  deviceSaved,
  deviceTypeList,
  protocoloList,
  registerDeviceBody,
  updateDeviceBody,
} from '../schemas/records/devices.js';
import { delNucleoBody, nucleo, registerNucleoBody, updateNucleoManualBody } from '../schemas/records/farms.js';
import { delLoteBody, lote, registerLoteBody } from '../schemas/records/flocks.js';
import { delFumigadorBody, fumigador, registerFumigadorBody } from '../schemas/records/fumigators.js';
import {
  delConfigBody,
  enviarIntegracaoBody,
  getIntegracaoEnviosQuery,
  integracaoConfig,
  integracaoConfigCreated,
  integracaoEnvio,
  integracaoEnvios,
  mtechConfig,
  mtechConfigCreated,
  novoSegredoBody,
  registerIntegracaoBody,
  registerMtechBody,
  segredoResponse,
} from '../schemas/records/integrations.js';
import { getTokenApiQuery, registerTokenApiBody, revogaTokenApiBody, tokenApi, tokenApiCreated, tokenApiList } from '../schemas/apiTokens.js';
import { chave, chaveCreated, chaveUsoList, delChaveBody, getChaveHistBody, registerChaveBody } from '../schemas/records/keys.js';
import { emptyBody, permissaoList, proprietarioList, setPermissoesBody, setPermissoesResponse } from '../schemas/records/permissions.js';
import { delSiloBody, delSiloMovBody, registerSiloBody, registerSiloMovBody, silo, siloMovimentoList } from '../schemas/records/silos.js';
import { delPadraoBody, padrao, padraoPresetList, registerPadraoBody } from '../schemas/records/standards.js';
import { calhaGraphQuery, calhaGraphResponse, calhasQuery, calhasResponse } from '../schemas/reports/calhas.js';
import { historicoPontoColeta } from '../schemas/reports/coleta.js';
import {
  delDosagemBody,
  dosagem,
  dosagemDetalhe,
  dosagemRelatorio,
  fotosDosagem,
  fotosDosagemQuery,
  fumigacaoLista,
  registerDosagemBody,
  reldosagemBody,
  reldosagemDetalheBody,
} from '../schemas/reports/dosagem.js';
import { chartDataResponse, periodQuery } from '../schemas/reports/period.js';
import { racaoQuery, racaoResponse } from '../schemas/reports/racao.js';
import { confirmEntregaBody, confirmEntregaResponse, siloLeiturasQuery, siloLeiturasResponse } from '../schemas/reports/siloBalance.js';
import {
  avesPesosBody,
  avesPesosResponse,
  headerBody,
  reportHeader,
  resumoQuery,
  resumoResponse,
  totaisSelauto,
  totaisSelautoQuery,
  uniEstrutura,
  usrStats,
} from '../schemas/weighings.js';
import { pesagemManualResponse, registerPesagemManualBody } from '../schemas/manualWeighing.js';
import { recordFamily, type CallSpec } from './spec.js';

/**
 * Every call of the API by its name in spec section 7 (the path is `/api/<name>`). The server's
 * routes register from this table and the web client's calls are typed and parsed by it, so a
 * call site naming a wrong call, body or query does not compile. Left out, as nobody's client
 * calls: GET /api/health and /api/ready (load balancers), POST /api/mqtt/auth and /api/mqtt/acl
 * (an external MQTT broker; modules/mqttHooks) and GET /img_cs/{id} (a picture loaded by <img>).
 * What the OpenAPI document says of each call beyond its schemas: docs.ts.
 */
export const apiCalls = {
  // accounts (spec section 8)
  register: { method: 'POST', anonymous: true, body: registerBody, response: user, status: 201 },
  login: { method: 'POST', anonymous: true, body: loginBody, response: loginResponse },
  getuser: { method: 'GET', response: user },
  updateuser: { method: 'POST', body: updateUserBody, response: user },
  password_recover: { method: 'GET', anonymous: true, query: passwordRecoverQuery, response: okResponse },
  password_reset: { method: 'POST', anonymous: true, body: passwordResetBody, response: okResponse },
  // Loaded in a hidden frame after login: its own check (the portal's own page) replaces the session's.
  setcookie: { method: 'GET', anonymous: true, query: setCookieQuery, response: z.null(), status: 204 },
  logout: { method: 'POST', response: okResponse },
  getsessions: { method: 'GET', response: sessionList },
  delsession: { method: 'POST', body: delSessionBody, response: okResponse },
  // how long the owner's device readings are kept (issue 23): read with any grant, changed by the owner alone
  getretencao: { method: 'GET', query: ownerQuery, response: retencao },
  setretencao: { method: 'POST', body: setRetencaoBody, response: retencao },

  // permissions: always the caller's own grants
  permissoes: { method: 'POST', body: emptyBody, response: permissaoList },
  proprietarios: { method: 'POST', body: emptyBody, response: proprietarioList },
  setpermissoes: { method: 'POST', body: setPermissoesBody, response: setPermissoesResponse },

  // farm records
  ...recordFamily({ register: 'registernucleo', get: 'getnucleo', del: 'delnucleo' }, { body: registerNucleoBody, delBody: delNucleoBody, record: nucleo }),
  updatenucleomanual: { method: 'POST', body: updateNucleoManualBody, response: nucleo },
  ...recordFamily(
    { register: 'register_config_integracao', get: 'getintegracao_config', del: 'delintegracao' },
    { body: registerIntegracaoBody, delBody: delConfigBody, record: integracaoConfig, saved: integracaoConfigCreated },
  ),
  ...recordFamily(
    { register: 'register_config_mtech', get: 'getmtech_config', del: 'delmtech' },
    { body: registerMtechBody, delBody: delConfigBody, record: mtechConfig, saved: mtechConfigCreated },
  ),
  enviarintegracao: { method: 'POST', body: enviarIntegracaoBody, response: integracaoEnvio },
  getintegracaoenvios: { method: 'GET', query: getIntegracaoEnviosQuery, response: integracaoEnvios },
  novosegredointegracao: { method: 'POST', body: novoSegredoBody, response: segredoResponse },
  registertokenapi: { method: 'POST', body: registerTokenApiBody, response: tokenApiCreated },
  gettokenapi: { method: 'GET', query: getTokenApiQuery, response: tokenApiList },
  revogatokenapi: { method: 'POST', body: revogaTokenApiBody, response: tokenApi },
  ...recordFamily({ register: 'registerchave', get: 'getchave', del: 'delchave' }, { body: registerChaveBody, delBody: delChaveBody, record: chave, saved: chaveCreated }),
  getchavehist: { method: 'POST', body: getChaveHistBody, response: chaveUsoList },
  ...recordFamily({ register: 'registersilo', get: 'getsilo', del: 'delsilo' }, { body: registerSiloBody, delBody: delSiloBody, record: silo }),
  registersilomov: { method: 'POST', body: registerSiloMovBody, response: siloMovimentoList },
  getsilomov: { method: 'GET', query: requiredIdQuery, response: siloMovimentoList },
  delsilomov: { method: 'POST', body: delSiloMovBody, response: deletedResponse },
  getsiloleituras: { method: 'GET', query: siloLeiturasQuery, response: siloLeiturasResponse },
  confirmentrega: { method: 'POST', body: confirmEntregaBody, response: confirmEntregaResponse },
  ...recordFamily({ register: 'registerfumigador', get: 'getfumigador', del: 'delfumigador' }, { body: registerFumigadorBody, delBody: delFumigadorBody, record: fumigador }),
  ...recordFamily(
    { register: 'registerpontocoleta', get: 'getpontocoleta', del: 'delpontocoleta' },
    { body: registerPontoColetaBody, delBody: delPontoColetaBody, record: pontoColeta },
  ),
  ...recordFamily({ register: 'registerpadrao', get: 'getpadrao', del: 'delpadrao' }, { body: registerPadraoBody, delBody: delPadraoBody, record: padrao }),
  getpadrao_presets: { method: 'GET', response: padraoPresetList },
  ...recordFamily({ register: 'registerlote', get: 'getlote', del: 'dellote' }, { body: registerLoteBody, delBody: delLoteBody, record: lote }),
  // flock performance (issue 18): daily house records, close-out, settings, indicators, rankings
  registerdiario: { method: 'POST', body: registerDiarioBody, response: diario },
  getdiario: { method: 'GET', query: getDiarioQuery, response: diarioList },
  deldiario: { method: 'POST', body: delDiarioBody, response: deletedResponse },
  registerfechamento: { method: 'POST', body: registerFechamentoBody, response: lote },
  getconfigdesempenho: { method: 'GET', query: ownerQuery, response: configDesempenho },
  setconfigdesempenho: { method: 'POST', body: setConfigDesempenhoBody, response: configDesempenho },
  getdesempenho: { method: 'GET', query: desempenhoQuery, response: desempenho },
  getcomparativo: { method: 'GET', query: comparativoQuery, response: comparativo },
  // alarms that reach people (issue 19): rules, the alarms' lifecycle, delivery preferences, Web Push, silos' run-out
  getalarmeregras: { method: 'GET', query: ownerQuery, response: alarmeRegrasResponse },
  setalarmeregras: { method: 'POST', body: setAlarmeRegrasBody, response: alarmeRegrasResponse },
  getalarmes: { method: 'GET', query: getAlarmesQuery, response: alarmesResponse },
  ackalarme: { method: 'POST', body: alarmeAcaoBody, response: alarme },
  clearalarme: { method: 'POST', body: alarmeAcaoBody, response: alarme },
  getalarmepreferencias: { method: 'GET', query: ownerQuery, response: alarmePreferenciasResponse },
  setalarmepreferencias: { method: 'POST', body: setAlarmePreferenciasBody, response: alarmePreferenciasResponse },
  getpushchave: { method: 'GET', response: pushChaveResponse },
  push_subscribe: { method: 'POST', body: pushSubscribeBody, response: okResponse },
  push_unsubscribe: { method: 'POST', body: pushUnsubscribeBody, response: okResponse },
  getsilofim: { method: 'GET', query: siloFimQuery, response: siloFimResponse },
  // forecasts you can trust (issue 20): growth forecast, sex split of a mixed weighing, weighing quality with its audit
  getprevisao: { method: 'GET', query: previsaoQuery, response: previsaoResponse },
  getseparacaosexo: { method: 'GET', query: separacaoSexoQuery, response: separacaoSexoResponse },
  getqualidade: { method: 'GET', query: qualidadeQuery, response: qualidadeResponse },
  setqualidadeconfig: { method: 'POST', body: setQualidadeConfigBody, response: qualidadeConfig },
  getpesagensdescartadas: { method: 'GET', query: descartadasQuery, response: descartadasResponse },
  ...recordFamily({ register: 'registergrafico', get: 'getgrafico', del: 'delgrafico' }, { body: registerGraficoBody, delBody: delGraficoBody, record: grafico }),
  getgraphdata: { method: 'POST', body: getGraphDataBody, response: chartDataResponse },
  setgraficopainel: { method: 'POST', body: setGraficoPainelBody, response: grafico },

  // devices: updates have their own call and a save may carry an access key
  registerdevice: { method: 'POST', body: registerDeviceBody, response: deviceSaved },
  updatedevice: { method: 'POST', body: updateDeviceBody, response: deviceSaved },
  deldevice: { method: 'POST', body: delDeviceBody, response: deletedResponse },
  getdevice: { method: 'GET', query: recordQuery, response: z.union([device, deviceList]) },
  getdevice_conn: { method: 'GET', query: requiredIdQuery, response: deviceConn },
  getdevice_type: { method: 'GET', response: deviceTypeList },
  getprotocolos: { method: 'GET', response: protocoloList },

  // weighings and their reports
  avesheader: { method: 'POST', body: headerBody, response: reportHeader },
  incubatorioheader: { method: 'POST', body: headerBody, response: reportHeader },
  avespesos: { method: 'POST', body: avesPesosBody, response: avesPesosResponse },
  registerpesagemmanual: { method: 'POST', body: registerPesagemManualBody, response: pesagemManualResponse },
  'v2/resumo': { method: 'GET', query: resumoQuery, response: resumoResponse, download: 'text/csv' },
  gettotaisselauto: { method: 'GET', query: totaisSelautoQuery, response: totaisSelauto },
  getuniestrutura: { method: 'GET', query: ownerQuery, response: uniEstrutura },
  usrstats: { method: 'GET', query: ownerQuery, response: usrStats },
  importacao: { method: 'POST', upload: 'multipart/form-data', body: importFormBody, response: importResponse, errorResponses: { 422: importRejectedBody } },

  // live devices
  devupdt: { method: 'POST', body: devupdtBody, response: devupdtResponse },
  getremotelist: { method: 'GET', query: remoteListQuery, response: remoteList },
  getleituras: { method: 'GET', query: leiturasQuery, response: leiturasResponse },
  getfotos: { method: 'GET', query: fotosQuery, response: fotosResponse },

  // feed, collection points, troughs and dosing histories
  gethistoricopontocoleta: { method: 'GET', query: periodQuery, response: historicoPontoColeta },
  gethistoricopontocoletagrafico: { method: 'GET', query: periodQuery, response: chartDataResponse },
  getracao: { method: 'GET', query: racaoQuery, response: racaoResponse },
  getcalhas: { method: 'GET', query: calhasQuery, response: calhasResponse },
  getgraph_calha: { method: 'GET', query: calhaGraphQuery, response: calhaGraphResponse },
  reldosagem: { method: 'POST', body: reldosagemBody, response: dosagemRelatorio },
  reldosagemdetalhe: { method: 'POST', body: reldosagemDetalheBody, response: dosagemDetalhe },
  getfumigacao: { method: 'GET', query: periodQuery, response: fumigacaoLista },
  getfumigacaodetalhe: { method: 'GET', query: periodQuery, response: chartDataResponse },
  getfotosdosagem: { method: 'GET', query: fotosDosagemQuery, response: fotosDosagem },
  registerdosagem: { method: 'POST', body: registerDosagemBody, response: dosagem },
  deldosagem: { method: 'POST', body: delDosagemBody, response: deletedResponse },
} as const satisfies Record<string, CallSpec>;
