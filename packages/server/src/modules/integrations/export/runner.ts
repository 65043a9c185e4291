import { createHash, createHmac } from 'node:crypto';
import {
  INTEGRACAO_ASSINATURA_HEADER,
  INTEGRACAO_FALHAS_PAUSA,
  INTEGRACAO_IDEMPOTENCIA_HEADER,
  INTEGRACAO_PAGINA_MAX,
  INTEGRACAO_PAYLOAD_VERSAO,
  INTEGRACAO_RESPOSTA_MAX,
  INTEGRACAO_TENTATIVAS,
  type DadoIntegracao,
  type EnvioErro,
  type ExportCursor,
  type ExportPage,
} from '@portal/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/dialect.js';
import type { ConfigRow, IntegrationConfigsRepository } from '../configs.repository.js';
import { integrationCursorsRepository } from '../cursors.repository.js';
import type { PasswordCipher } from '../password-cipher.js';
import { integrationRunsRepository, type RunRow } from '../runs.repository.js';
import type { PageSender } from './sender.js';

/** One kind's rows changed after a cursor, in (at, id) order (modules/export-sources.ts builds them). */
export type ExportSource = (ownerId: number, after: ExportCursor, limit: number) => Promise<ExportPage>;
export type ExportSources = Record<DadoIntegracao, ExportSource>;

/** Kinds are sent in this order, so a receiver gets farms before the flocks and weighings naming them. */
export const KIND_ORDER: readonly DadoIntegracao[] = ['nucleos', 'lotes', 'silos', 'racao', 'mortalidade', 'pesagens'];
const START: ExportCursor = { at: 0, id: 0 };

export interface RunnerDeps {
  database: Database;
  configs: IntegrationConfigsRepository;
  cipher: PasswordCipher;
  sources: ExportSources;
  send: PageSender;
  /** Items per page (INTEGRACAO_PAGINA_MAX; tests use fewer to see several pages). */
  pageSize?: number;
  /** The first wait before a retry; doubled after each attempt (2 s, 4 s, 8 s). */
  retryBaseMs?: number;
  sleep?: (ms: number) => Promise<void>;
  clock: () => number;
  log: FastifyBaseLogger;
}

/** Why a run stopped: the run's estado and erro, and whether the configuration pauses at once. */
interface Failure {
  estado: 'falha' | 'erro_config';
  erro: EnvioErro;
  detalhe: string | null;
  tentativas: number;
  http_status: number | null;
  resposta: string | null;
}

type Delivery = { ok: true; tentativas: number; http_status: number; resposta: string } | ({ ok: false } & Failure);

/** Text fit for the delivery log: no control characters, well-formed, at most `max` characters. */
export function logText(text: string, max = INTEGRACAO_RESPOSTA_MAX): string {
  const printable = text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g, '').slice(0, max);
  // Cutting may split a surrogate pair; a lone half cannot be stored.
  return printable.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '');
}

const configError = (erro: EnvioErro, detalhe: string): Failure => ({ estado: 'erro_config', erro, detalhe, tentativas: 0, http_status: null, resposta: null });

/** The Idempotency-Key of a page: the same page (kind and cursor range) has the same key after a retry or a restart. */
export function pageKey(configId: number, dado: string, after: ExportCursor, last: ExportCursor): string {
  return createHash('sha256').update(`${configId}:${dado}:${after.at}:${after.id}:${last.at}:${last.id}`).digest('hex');
}

/** The signature header's value: `sha256=` and the hex HMAC-SHA256 of the raw body with the configuration's secret. */
export const signBody = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;

/**
 * Executes one claimed run (docs/integrations.md): for each kind in the configuration's `dados`,
 * pages of rows after the kind's cursor are POSTed until none is left; each delivered page moves
 * the cursor in the same transaction that counts it in the run. Network errors and 5xx are retried
 * with exponential backoff, a 4xx (or 3xx) is a configuration error that pauses at once, and
 * INTEGRACAO_FALHAS_PAUSA failed runs in a row pause too.
 */
export function exportRunner(deps: RunnerDeps) {
  const { database, configs, cipher, sources, send, clock, log } = deps;
  const pageSize = deps.pageSize ?? INTEGRACAO_PAGINA_MAX;
  const retryBaseMs = deps.retryBaseMs ?? 2000;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const runs = integrationRunsRepository(database.db);

  /** The signing secret and the Authorization header, or the configuration error keeping them from being read. */
  function credentials(config: ConfigRow): { secret: string; authorization: string | null } | Failure {
    if (config.segredo_enc === null) return configError('sem_segredo', 'the configuration has no signing secret: make one (novosegredointegracao)');
    let secret: string;
    let senha: string | null;
    try {
      secret = cipher.open(config.segredo_enc);
    } catch (error) {
      log.error({ configId: config.id, err: error }, 'cannot read the signing secret of an export');
      return configError('sem_segredo', 'the stored signing secret cannot be read (SECRET_KEY differs): make a new one');
    }
    try {
      senha = config.senha_enc === null ? null : cipher.open(config.senha_enc);
    } catch (error) {
      log.error({ configId: config.id, err: error }, 'cannot read the stored password of an export');
      return configError('senha_ilegivel', 'the stored password cannot be read (SECRET_KEY differs): save it again');
    }
    const basic = config.usuario !== '' || senha !== null;
    return { secret, authorization: basic ? `Basic ${Buffer.from(`${config.usuario}:${senha ?? ''}`).toString('base64')}` : null };
  }

  /** POSTs one page, retrying network errors and 5xx with exponential backoff. */
  async function deliver(config: ConfigRow, runId: number, body: string, headers: Record<string, string>): Promise<Delivery> {
    let last: Failure | undefined;
    for (let attempt = 1; attempt <= INTEGRACAO_TENTATIVAS; attempt += 1) {
      const outcome = await send(config.endpoint, body, headers);
      if (outcome.kind === 'answer') {
        const resposta = logText(outcome.body);
        if (outcome.status >= 200 && outcome.status < 300) return { ok: true, tentativas: attempt, http_status: outcome.status, resposta };
        const failure: Failure = { estado: 'falha', erro: 'http_5xx', detalhe: `HTTP ${outcome.status}`, tentativas: attempt, http_status: outcome.status, resposta };
        if (outcome.status < 500) return { ok: false, ...failure, estado: 'erro_config', erro: 'http_4xx' };
        last = failure;
      } else {
        const failure: Failure = { estado: 'falha', erro: outcome.erro, detalhe: logText(outcome.detalhe), tentativas: attempt, http_status: null, resposta: null };
        if (outcome.erro === 'destino_recusado') return { ok: false, ...failure, estado: 'erro_config' };
        last = failure;
      }
      log.warn({ configId: config.id, runId, attempt, erro: last.erro, detalhe: last.detalhe }, 'export page not delivered; retrying');
      if (attempt < INTEGRACAO_TENTATIVAS) await sleep(retryBaseMs * 2 ** (attempt - 1));
    }
    return { ok: false, ...last! };
  }

  /** Sends every kind's new rows; answers the failure that stopped the run, or null. */
  async function sendAll(run: RunRow, config: ConfigRow): Promise<Failure | null> {
    const opened = credentials(config);
    if ('estado' in opened) return opened;
    const dados = new Set(config.dados.split('|'));
    const cursors = await integrationCursorsRepository(database.db).all(config.id);
    let pagina = 0;
    for (const dado of KIND_ORDER.filter((kind) => dados.has(kind))) {
      let after = cursors.get(dado) ?? START;
      for (;;) {
        const page = await sources[dado](config.owner_id, after, pageSize);
        if (page.itens.length === 0 || page.last === null) break;
        pagina += 1;
        const { last } = page;
        const envelope = {
          versao: INTEGRACAO_PAYLOAD_VERSAO,
          origem: 'portal',
          ...(config.kind === 'mtech' ? { empresa: config.empresa } : { sistema: config.sistema }),
          config_id: config.id,
          envio_id: run.id,
          dado,
          pagina,
          gerado_em: new Date(clock()).toISOString(),
          cursor: { ate: new Date(last.at).toISOString(), id: last.id },
          itens: page.itens,
        };
        const body = JSON.stringify(envelope);
        const headers: Record<string, string> = {
          'Content-Type': 'application/json',
          'User-Agent': 'portal-export/1',
          [INTEGRACAO_IDEMPOTENCIA_HEADER]: pageKey(config.id, dado, after, last),
          [INTEGRACAO_ASSINATURA_HEADER]: signBody(opened.secret, body),
          ...(opened.authorization === null ? {} : { Authorization: opened.authorization }),
        };
        const delivery = await deliver(config, run.id, body, headers);
        if (!delivery.ok) return delivery;
        await database.db.transaction().execute(async (trx) => {
          await integrationCursorsRepository(trx).set(config.id, dado, last, clock());
          await integrationRunsRepository(trx).addPage(run.id, { paginas: 1, linhas: page.itens.length, tentativas: delivery.tentativas, http_status: delivery.http_status, resposta: delivery.resposta });
        });
        after = last;
      }
    }
    return null;
  }

  return {
    /** Executes a run this instance claimed (estado executando); its outcome is stored, never thrown. */
    async execute(runId: number): Promise<void> {
      const run = await runs.find(runId);
      const config = run && (await configs.byId(run.config_id));
      if (!run || !config) return;
      let failure: Failure | null;
      try {
        failure = await sendAll(run, config);
      } catch (error) {
        log.error({ configId: config.id, runId, err: error }, 'export run failed');
        failure = { estado: 'falha', erro: 'interno', detalhe: logText(String((error as Error)?.message ?? error)), tentativas: 0, http_status: null, resposta: null };
      }
      const now = clock();
      if (failure === null) {
        await runs.finish(runId, { estado: 'sucesso', erro: null, erro_detalhe: null }, { tentativas: 0, http_status: null, resposta: null }, now);
        await configs.recordSuccess(config.id, now);
      } else {
        const { estado, erro, detalhe, ...last } = failure;
        await runs.finish(runId, { estado, erro, erro_detalhe: detalhe }, last, now);
        const current = (await configs.byId(config.id)) ?? config;
        const falhas = current.falhas_seguidas + 1;
        const pause = estado === 'erro_config' || falhas >= INTEGRACAO_FALHAS_PAUSA;
        await configs.recordFailure(config.id, { erro, detalhe, falhas, pausedAt: pause ? now : null });
        log.warn({ configId: config.id, runId, erro, detalhe, falhas, paused: pause }, 'export run did not succeed');
      }
      await runs.prune(config.id);
    },
  };
}
export type ExportRunner = ReturnType<typeof exportRunner>;
