import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/dialect.js';
import type { EventBus } from '../events/index.js';
import { createMailer, type Mailer } from '../mail/mailer.js';
import { deviceAccess } from '../realtime/access.js';
import { resolveSecretKey } from '../secret-key.js';
import { passwordResetsRepository } from './accounts/password-resets.repository.js';
import { alarmsRepository } from './alarms/alarms.repository.js';
import { alarmEngine } from './alarms/engine.js';
import { createAlarmsJob } from './alarms/job.js';
import { alarmRules } from './alarms/rules/index.js';
import { rulesRepository } from './alarms/rules.repository.js';
import { alarmsService } from './alarms/service.js';
import { alarmDelivery } from './alarms/delivery/wiring.js';
import { apiTokensRepository } from './apiTokens/apiTokens.repository.js';
import { apiTokensService } from './apiTokens/service.js';
import { accountsService } from './accounts/service.js';
import { sessionsRepository } from './accounts/sessions.repository.js';
import { throttleRepository } from './accounts/throttle.repository.js';
import { usersRepository } from './accounts/users.repository.js';
import { graficosRepository } from './charts/graficos.repository.js';
import { graphDataRepository } from './charts/graphdata.repository.js';
import { graphDataService } from './charts/graphdata.service.js';
import { chartsService } from './charts/service.js';
import { coletasRepository } from './collectionHistory/coletas.repository.js';
import { collectionHistoryService } from './collectionHistory/service.js';
import { collectionPointsRepository } from './collectionPoints/collection-points.repository.js';
import { collectionPointsService } from './collectionPoints/service.js';
import { devicesRepository } from './devices/devices.repository.js';
import { devicesService } from './devices/service.js';
import { dosagensRepository } from './dosing/dosagens.repository.js';
import { dosingService } from './dosing/service.js';
import { nucleosRepository } from './farms/nucleos.repository.js';
import { farmsService } from './farms/service.js';
import { feedRepository } from './feed/feed.repository.js';
import { feedService } from './feed/service.js';
import { performanceService } from './performance/service.js';
import { forecastService } from './forecast/service.js';
import { sexSplitService } from './sexsplit/service.js';
import { configRepository, diarioRepository } from './flocks/diario.repository.js';
import { lotesRepository } from './flocks/lotes.repository.js';
import { flocksService } from './flocks/service.js';
import { fumigatorsRepository } from './fumigators/fumigators.repository.js';
import { fumigatorsService } from './fumigators/service.js';
import { importacoesRepository } from './imports/importacoes.repository.js';
import { importsService } from './imports/service.js';
import { integrationConfigsRepository } from './integrations/configs.repository.js';
import { lazyPasswordCipher } from './integrations/password-cipher.js';
import { integrationConfigsService } from './integrations/service.js';
import { integrationExport } from './integrations/export/wiring.js';
import { exportSources } from './export-sources.js';
import { chavesRepository } from './keys/chaves.repository.js';
import { keysService } from './keys/service.js';
import { fotosRepository } from './live/fotos.repository.js';
import { liveRepository } from './live/live.repository.js';
import { liveService } from './live/service.js';
import { grantsRepository } from './permissions/grants.repository.js';
import { ownerScopes } from './permissions/scope.js';
import { permissionsService } from './permissions/service.js';
import { siloBalanceService } from './silos/balance.service.js';
import { movementsRepository } from './silos/movements.repository.js';
import { siloMovementsService } from './silos/movements.service.js';
import { siloReadingsRepository } from './silos/readings.repository.js';
import { siloReadingsService } from './silos/readings.service.js';
import { silosService } from './silos/service.js';
import { silosRepository } from './silos/silos.repository.js';
import { padroesRepository } from './standards/padroes.repository.js';
import { loadPresets } from './standards/presets.js';
import { standardsService } from './standards/service.js';
import { troughsService } from './troughs/service.js';
import { troughsRepository } from './troughs/troughs.repository.js';
import { readingsMaintenance } from './readings/maintenance.js';
import { retentionRepository } from './readings/retention.repository.js';
import { retentionService } from './readings/retention.service.js';
import { readingsService } from './readings/service.js';
import { dailyQueries } from './weighings/daily.queries.js';
import { pesagensDiaRepository } from './weighings/pesagens-dia.repository.js';
import { pesagensRepository } from './weighings/pesagens.repository.js';
import { weighingsService } from './weighings/service.js';
import { ingestionService } from './weighings/ingestion.js';
import { manualRepository } from './weighings/manual.repository.js';
import { qualityRepository } from './weighings/quality/quality.repository.js';

/** What every module's service is built from: the request thread's database and clock, or a report worker's own. */
export interface ServiceSource {
  config: Config;
  database: Database;
  clock: () => number;
  log: FastifyBaseLogger;
  /** The in-process event bus: writers emit after their commit, listeners (gateway, live hub, dosing) subscribe. */
  events: EventBus;
  /** Sends the accounts' mail; default: SMTP_URL, else the outbox folder. */
  mailer?: Mailer;
  /**
   * The key sealing integration passwords, read when a password is first sealed or opened; default:
   * SECRET_KEY or the key file. app.ts resolves it at start, so a broken key file stops the start;
   * a report worker never asks for it.
   */
  secretKey?: () => Buffer;
}

/**
 * The composition root: every module's service, built once, in dependency order (a service gets
 * the OTHER modules' services it needs, never their repositories). app.ts builds it once for the
 * request thread, a report worker once on its own database.
 */
export function createServices(source: ServiceSource) {
  const { config, database, clock, log, events } = source;
  const db = database.db;

  // Accounts' mail (recovery) and alarms' (e-mail, digest) go out the same way.
  const mailer = source.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: config.OUTBOX_DIR, log });
  const accounts = accountsService({
    config,
    users: usersRepository(db),
    sessions: sessionsRepository(db),
    resets: passwordResetsRepository(db),
    throttle: throttleRepository(db),
    mailer,
    clock,
    log,
    events,
  });

  const grants = grantsRepository(db);
  const scopes = ownerScopes(grants);
  const permissions = permissionsService({ grants, accounts, clock, events });

  const farms = farmsService({ nucleos: nucleosRepository(db), clock });
  // Presets are read once, at start: a broken preset file stops the start instead of failing a call.
  const standards = standardsService({ padroes: padroesRepository(db), presets: loadPresets(), clock });
  const flocks = flocksService({ lotes: lotesRepository(db), diario: diarioRepository(db), config: configRepository(db), farms, standards, accounts, clock });

  const keys = keysService({ chaves: chavesRepository(db), clock });
  // API tokens for machine clients (issue 21): http/auth.ts looks every token call up through it.
  const apiTokens = apiTokensService({ tokens: apiTokensRepository(database), farms, accounts, clock });
  const devices = devicesService({ devices: devicesRepository(db), keys, farms, clock, events });
  const live = liveService({ live: liveRepository(db), fotos: fotosRepository(db), access: deviceAccess(scopes), accounts, clock });

  const pesagens = pesagensRepository(database);
  const weighings = weighingsService({ pesagens, daily: dailyQueries(database), qualityConfigs: qualityRepository(db), farms, flocks, standards, devices, accounts, clock });
  // The one way weighings are stored, from devices (the MQTT gateway), files (imports) and manual weighings.
  const ingestion = ingestionService({ pesagens, dias: pesagensDiaRepository(database), manual: manualRepository(database), farms, flocks, events, log });
  const imports = importsService({ importacoes: importacoesRepository(database), ingestion, accounts, clock, log });

  const silosRows = silosRepository(database);
  const siloMovementRows = movementsRepository(database);
  const siloReadingRows = siloReadingsRepository(database, siloMovementRows);
  const silos = silosService({ silos: silosRows, farms, devices, clock });
  const siloMovements = siloMovementsService({ silos: silosRows, movements: siloMovementRows, clock });
  const siloBalance = siloBalanceService({ silos: silosRows, movements: siloMovementRows, readings: siloReadingRows, accounts, clock });
  const siloReadings = siloReadingsService({ readings: siloReadingRows });
  const fumigators = fumigatorsService({ fumigators: fumigatorsRepository(db), farms, devices, clock });
  const collectionPoints = collectionPointsService({ points: collectionPointsRepository(db), farms, devices, clock });
  const collectionHistory = collectionHistoryService({ points: collectionPoints, coletas: coletasRepository(database), accounts });
  const feed = feedService({ feed: feedRepository(db), farms, flocks, silos, siloReadings, siloMovements, standards, accounts, clock });
  // Flock performance reads through the flocks, weighings, feed and standards services (no table of its own).
  const performance = performanceService({ flocks, farms, weighings, feed, standards, accounts, clock });
  // Growth forecast (issue 20): the flock's weighing days fitted per sex (shared/forecast), no table of its own.
  const forecast = forecastService({ flocks, weighings, standards, accounts, clock });
  // Sex split of a mixed weighing (issue 20): the weighings' mixed weights, held to the standards' sex ratio.
  const sexSplit = sexSplitService({ flocks, standards, weighings });
  const troughs = troughsService({ troughs: troughsRepository(database), devices, accounts, clock });
  const dosing = dosingService({ dosagens: dosagensRepository(database), fumigators, live, accounts, events, clock });
  const readings = readingsService({
    series: { SILO: siloReadings.series, CALHA: troughs.series, DOSE: dosing.series, COLETA: collectionHistory.series },
    events,
  });
  // How long they are kept: the owner's setting, and the periodic summing and purge app.ts starts.
  const retentionRows = retentionRepository(db);
  const retention = retentionService({ retention: retentionRows, clock });
  const readingsJobs = readingsMaintenance({ database, tables: readings.maintenance(), retention: retentionRows, clock, log });
  // A doser's stored reading moves its dosing events on (the live path; the demo's history derives them itself).
  events.on('readings.stored', (stored) => dosing.followReading(stored));

  const graficos = graficosRepository(db);
  // A chart line plotting a flock, standard or silo keeps it from being deleted: charts registers that check with their services.
  const charts = chartsService({ graficos, clock, plotted: { flocks, standards, silos }, devices });
  const graphData = graphDataService({ graficos, data: graphDataRepository(db), flocks, standards, weighings, siloReadings, devices, accounts, clock });

  const cipher = lazyPasswordCipher(source.secretKey ?? (() => resolveSecretKey(config, log)));
  const timezoneOf = (ownerId: number) => accounts.timezoneOf(ownerId);
  const integrationDeps = { configs: integrationConfigsRepository(db), cipher, timezoneOf, clock, log };
  const integrations = { integracao: integrationConfigsService('integracao', integrationDeps), mtech: integrationConfigsService('mtech', integrationDeps) };
  // The export (issue 21): each kind's changed rows come from the module owning them (export-sources.ts).
  const exporter = integrationExport({
    ...integrationDeps,
    database,
    sources: exportSources({ farms, flocks, silos, siloMovements, weighings }),
    allowPrivateNetworks: config.INTEGRATIONS_ALLOW_PRIVATE_NETWORKS,
  });

  // Alarms (issue 19): the rules read the other modules' services, the engine keeps each alarm's
  // lifecycle, the job (started by app.ts) evaluates every owner with a farm, then runs the steps after it.
  const alarmRows = alarmsRepository(db);
  const alarmRuleRows = rulesRepository(db);
  const alarms = alarmsService({ alarms: alarmRows, rules: alarmRuleRows, farms, accounts, events, clock });
  const alarmDeliveries = alarmDelivery({ config, database, alarms: alarmRows, rules: alarmRuleRows, accounts, permissions, farms, scopes, reads: { flocks, weighings }, mailer, clock, log });
  const alarmsJob = createAlarmsJob({
    database,
    engine: alarmEngine({ alarms: alarmRows, rules: alarmRuleRows, accounts, events, log }),
    // integracao_pausada reads the export's paused configurations (`integrations`: so the export is built first).
    rules: alarmRules({ accounts, farms, devices, flocks, standards, weighings, silos, siloBalance, siloMovements, siloReadings, feed, performance, troughs, dosing, fumigators, integrations: exporter.service, clock }),
    owners: farms.owners,
    // Delivery (modules/alarms/delivery: e-mail, push, digest) runs after each evaluation, under the same lock.
    afterEvaluation: alarmDeliveries.steps,
    clock,
    log,
  });

  return {
    accounts,
    permissions,
    /** Resolves the owner a call acts for (`prop`) against the caller's grants. */
    scopes,
    farms,
    standards,
    flocks,
    keys,
    apiTokens,
    devices,
    live,
    weighings,
    ingestion,
    imports,
    silos,
    siloMovements,
    siloBalance,
    siloReadings,
    fumigators,
    collectionPoints,
    collectionHistory,
    feed,
    performance,
    forecast,
    sexSplit,
    troughs,
    dosing,
    readings,
    retention,
    /** The periodic summing and purge of device readings (started by app.ts, driven directly by tests). */
    readingsJobs,
    charts,
    graphData,
    integrations,
    /** The export's calls (enviarintegracao, getintegracaoenvios, novosegredointegracao) and `paused` for the alarm rule. */
    integrationExports: exporter.service,
    /** The export job (started by app.ts, driven directly by tests: runOnce, idle). */
    integrationsJob: exporter.job,
    alarms,
    /** The periodic evaluation of the alarm rules (started by app.ts, driven directly by tests: evaluate, runOnce). */
    alarmsJob,
    /** Delivery preferences and Web Push subscriptions (getalarmepreferencias, push_subscribe…). */
    alarmDelivery: alarmDeliveries.service,
  };
}

export type Services = ReturnType<typeof createServices>;
