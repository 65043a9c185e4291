import type { ColumnType, Generated } from 'kysely';

/** Row types of every table. Times are epoch milliseconds. */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  company: string;
  password_hash: string;
  separador_csv: string;
  /** ',' or '.'; null: by the language shown. */
  separador_decimal: string | null;
  timezone: number;
  language: string;
  reports_language: string;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  /** Anti-forgery token (hashed) issued with the session cookie. */
  csrf_hash: string | null;
  user_agent: string;
  ip: string;
  created_at: number;
  last_used_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** Counters behind login and recovery throttling; in the database so every instance shares them. */
export interface AuthThrottleTable {
  key: string;
  failures: number;
  window_started_at: number;
  locked_until: number | null;
}

/** Columns every owned record has. */
interface Owned {
  id: Generated<number>;
  owner_id: number;
  created_at: number;
  updated_at: number;
}

export interface NucleosTable extends Owned {
  nome: string;
  tipo: string;
  codigo: string;
  endereco: string;
  cidade: string;
  estado: string;
  pais: string;
  latitude: number | null;
  longitude: number | null;
  obs: string;
}

export interface AviariosTable {
  id: Generated<number>;
  nucleo_id: number;
  ordem: number;
  nome: string;
  lados: number;
  boxes: number;
  capacidade: number;
  area_m2: number | null;
}

/** What an owner lets another user see or manage; `all_data` 0 limits it to grant_nucleos. */
export interface GrantsTable {
  id: Generated<number>;
  owner_id: number;
  grantee_id: number;
  nivel: string;
  all_data: number;
  created_at: number;
  updated_at: number;
}

export interface GrantNucleosTable {
  grant_id: number;
  nucleo_id: number;
}

export interface PadroesTable extends Owned {
  nome: string;
  linhagem: string;
  edicao: string;
  sexo: string;
  fonte: string;
}

export interface PadraoPontosTable {
  padrao_id: number;
  idade: number;
  peso: number;
  ganho_diario: number | null;
  conversao: number | null;
  consumo_acumulado: number | null;
  /** Cumulative mortality, % of the birds placed (migration 0014). */
  mortalidade_pct: number | null;
}

export interface LotesTable extends Owned {
  nucleo_id: number;
  codigo: string;
  data_alojamento: string | null;
  linhagem: string;
  padrao_id: number | null;
  aves_macho: number;
  aves_femea: number;
  aves_misto: number;
  data_encerramento: string | null;
  obs: string;
  /** Close-out (registerfechamento, migration 0012): all null until the flock is closed out. */
  aves_entregues: number | null;
  /** kg delivered, tenths (bigint: a string on PostgreSQL). */
  kg_entregues_hg: number | string | null;
  /** Feed eaten by the integrator's accounts, kg tenths. */
  racao_hg: number | string | null;
  obs_fechamento: string | null;
}

export interface LoteAviariosTable {
  lote_id: number;
  aviario_id: number;
}

/** A flock's house's day (migration 0012): deaths (Σ of its causes), culls, transfers, water, temperatures. */
export interface LoteDiarioTable {
  id: Generated<number>;
  owner_id: number;
  lote_id: number;
  aviario_id: number;
  data: string;
  mortos: number;
  eliminados: number;
  entradas: number;
  saidas: number;
  /** Water, tenths of a litre (bigint: a string on PostgreSQL). */
  agua_dl: number | string | null;
  /** Tenths of a degree Celsius. */
  temp_min_dc: number | null;
  temp_max_dc: number | null;
  obs: string;
  created_at: number;
  updated_at: number;
  created_by: number | null;
  updated_by: number | null;
}

export interface LoteDiarioMortesTable {
  diario_id: number;
  causa: string;
  aves: number;
}

/** One write of a daily record: its uid (idempotency), who, when, the changed fields (JSON text). */
export interface LoteDiarioHistoricoTable {
  id: Generated<number>;
  owner_id: number;
  diario_id: number;
  uid: string | null;
  user_id: number | null;
  em: number;
  campos: string;
  /** 1 for the write that created the record. */
  criacao: number;
}

/** The account's performance settings (getconfigdesempenho): absent until set. */
export interface ConfigDesempenhoTable {
  owner_id: number;
  /** JSON text array. */
  causas: string;
  peso_referencia_g: number;
  /** FCR points per 100 g, thousandths. */
  pontos_100g_mil: number;
  updated_at: number;
}

export interface DevicesTable extends Owned {
  modelo: string;
  serie: string;
  chip_id: string;
  versao: string;
  nome: string;
  nucleo_id: number | null;
  aviario_id: number | null;
  obs: string;
  credential_user: string;
  credential_hash: string;
  last_contact_at: number | null;
}

/** Kilograms in tenths (hectograms), so sums are exact. */
export interface SilosTable extends Owned {
  nucleo_id: number;
  nome: string;
  capacidade_hg: number;
  tipo_racao: string;
  device_id: number | null;
  obs: string;
}

export interface SiloAviariosTable {
  silo_id: number;
  aviario_id: number;
}

export interface SiloMovimentosTable {
  id: Generated<number>;
  silo_id: number;
  tipo: string;
  data: string;
  /** Signed effect on silo_id; a transfer adds the opposite to silo_destino_id. */
  quantidade_hg: number;
  silo_destino_id: number | null;
  nota_fiscal: string;
  obs: string;
  created_at: number;
}

export interface FumigadoresTable extends Owned {
  nucleo_id: number;
  aviario_id: number | null;
  device_id: number | null;
  nome: string;
  produto: string;
  dose_ml: number;
  volume_agua_l: number | null;
  duracao_min: number;
  /** Times of day, pipe-separated (08:00|14:00). */
  horarios: string;
  ativo: number;
  obs: string;
}

export interface PontosColetaTable extends Owned {
  nucleo_id: number | null;
  aviario_id: number | null;
  nome: string;
  serie_coletores: string;
  obs: string;
}

export interface ChavesTable extends Owned {
  descricao: string;
  escopo: string;
  key_hash: string;
  inicio: string;
  validade: string | null;
  ativa: number;
}

export interface ChaveUsosTable {
  id: Generated<number>;
  chave_id: number;
  acao: string;
  detalhe: string;
  ip: string;
  user_id: number | null;
  created_at: number;
}

export interface GraficosTable extends Owned {
  titulo: string;
  tipo: string;
  periodo: string;
  data_inicio: string | null;
  data_fim: string | null;
  /** 1 when pinned to the dashboard. */
  painel: Generated<number>;
}

export interface GraficoLinhasTable {
  id: Generated<number>;
  grafico_id: number;
  ordem: number;
  tit: string;
  fonte: string;
  device_id: number | null;
  lote_id: number | null;
  silo_id: number | null;
  padrao_id: number | null;
}

/** Integration (kind 'integracao') and Mtech (kind 'mtech') settings; the password is encrypted. */
export interface IntegrationConfigsTable extends Owned {
  kind: string;
  nome: string;
  sistema: string;
  empresa: string;
  endpoint: string;
  usuario: string;
  senha_enc: string | null;
  agenda: string;
  hora: string | null;
  /** Pipe-separated DADOS_INTEGRACAO. */
  dados: string;
  ativo: number;
  /** Issue 21 (migration 0018): the sealed signing secret (null: none made yet). */
  segredo_enc: string | null;
  falhas_seguidas: Generated<number>;
  /** Paused by failures or a 4xx (epoch ms) until saved or sent again. */
  pausada_em: number | null;
  /** ENVIO_ERROS of the last failed run, and its technical words. */
  ultimo_erro: string | null;
  ultimo_erro_detalhe: string | null;
  ultimo_sucesso: number | null;
  /** Schedule slots before this instant are not run (set when the schedule or ativo changes). */
  agenda_desde: Generated<number>;
}

/** One run of an export (migration 0018): UNIQUE(config_id, agendado_para) claims a schedule slot once. */
export interface IntegrationRunsTable {
  id: Generated<number>;
  owner_id: number;
  config_id: number;
  origem: string;
  estado: string;
  desde: string | null;
  agendado_para: number | null;
  criado_em: number;
  inicio: number | null;
  fim: number | null;
  paginas: Generated<number>;
  linhas: Generated<number>;
  tentativas: Generated<number>;
  http_status: number | null;
  resposta: string | null;
  erro: string | null;
  erro_detalhe: string | null;
}

/** Per configuration and kind: the (at, id) of the last row delivered (migration 0018). */
export interface IntegrationCursorsTable {
  config_id: number;
  dado: string;
  at: number;
  row_id: number;
  updated_at: number;
}

/** A weighing (spec section 3); peso_dg is the weight in tenths of a gram. */
export interface PesagensTable {
  id: Generated<number>;
  owner_id: number;
  nucleo_id: number;
  lote_id: number | null;
  data: string;
  hora: string;
  aviario: string;
  lado: string;
  box: string;
  sexo: string;
  peso_dg: number;
  idade_lote: number | null;
  linha: string;
  score: number | null;
  serie_balanca: string;
  obs: string;
  importacao_id: number | null;
  /** Set for weighings a device sent: the sender and its sequence number ((device_id, seq) is unique). */
  device_id: number | null;
  seq: number | null;
  created_at: number;
  /** The daily aggregate row (pesagens_dia) the weighing is counted in; set when it is stored (migration 0009). */
  dia_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/**
 * A day's weighings of one (owner, farm, flock, day, house, side, box, sex, scale), kept at write
 * (migration 0009, weighings/pesagens-dia.repository.ts): count, Σ, Σ², min, max (dg) and youngest age.
 */
export interface PesagensDiaTable {
  id: Generated<number>;
  owner_id: number;
  nucleo_id: number;
  lote_id: number | null;
  /** lote_id, 0 for none: the unique key's flock (a NULL never conflicts). */
  lote_chave: number;
  data: string;
  aviario: string;
  lado: string;
  box: string;
  sexo: string;
  serie_balanca: string;
  aves: number;
  soma_dg: number;
  /** Σ peso_dg². */
  quadrados_dg: number;
  menor_dg: number;
  maior_dg: number;
  /** The youngest idade_lote the day's weighings carry; null when none carries one. */
  idade_min: number | null;
  updated_at: number;
}

/** Birds of a day row per 10 g band (faixa = floor(peso_dg / 100)). */
export interface PesagensDiaFaixasTable {
  dia_id: number;
  faixa: number;
  aves: number;
}

/** Birds of a day row per score (weighings without a score are not counted here). */
export interface PesagensDiaScoresTable {
  dia_id: number;
  score: number;
  aves: number;
}

/** A stored file import; the hash makes a second import of the same file a no-op. */
export interface ImportacoesTable {
  id: Generated<number>;
  owner_id: number;
  user_id: number;
  arquivo: string;
  hash: string;
  linhas: number;
  created_at: number;
  /** 'staging' (rows being read, none visible), 'moving' (decided, rows entering pesagens), 'done' (migration 0007). */
  estado: ColumnType<ImportEstado, ImportEstado | undefined, ImportEstado>;
}

export type ImportEstado = 'staging' | 'moving' | 'done';

/** A row of an import not yet moved into pesagens (migration 0007): pesagens' fields, farm and flock ids maybe placeholders. */
export type ImportacaoLinhasTable = Pick<
  PesagensTable,
  'data' | 'hora' | 'aviario' | 'lado' | 'box' | 'sexo' | 'peso_dg' | 'idade_lote' | 'linha' | 'score' | 'serie_balanca' | 'obs'
> & {
  id: Generated<number>;
  importacao_id: number;
  nucleo_id: number;
  lote_id: number;
};

/** The farm, house or flock an import created for one of its placeholders (migration 0007). */
export interface ImportacaoCriadosTable {
  importacao_id: number;
  provisorio: number;
  real_id: number;
}

/** A picture a device sent (IMAGEM), served at /img_cs/{id}. */
export interface DeviceFotosTable {
  id: Generated<number>;
  owner_id: number;
  device_id: number;
  pedido: string;
  mime: string;
  bytes: number;
  conteudo: Buffer;
  created_at: number;
}

/**
 * A picture the portal asked a device for (migration 0006): the answer is stored only while the
 * request is open (not answered, not expired); the rows also count users' requests.
 */
export interface DeviceFotoPedidosTable {
  id: Generated<number>;
  device_id: number;
  /** Null for the portal's own requests (a dosing event's proof). */
  user_id: number | null;
  pedido: string;
  requested_at: number;
  expires_at: number;
  answered_at: number | null;
}

/** Columns of every downsampled reading table (migration 0005; each written by its module, modules/readings). */
interface DeviceReadingRow {
  id: Generated<number>;
  owner_id: number;
  device_id: number;
  /** Epoch ms the portal received it. */
  em: number;
  /** floor(em / the kind's period): one row per device (and trough) per bucket. */
  bucket: number;
}

export interface SiloLeiturasTable extends DeviceReadingRow {
  peso_hg: number;
}

export interface CalhaLeiturasTable extends DeviceReadingRow {
  idcalha: number;
  rpm_dec: number;
  voltas: number;
  ligada: number;
  presenca: number | null;
}

export interface DoseLeiturasTable extends DeviceReadingRow {
  volume_dml: number;
  vazao_dml_min: number;
  ligada: number;
}

export interface ColetasTable extends DeviceReadingRow {
  machos: number;
  femeas: number;
  peso_total_dg: number;
}

/** An account's retention of raw device readings (migration 0010); no row: the default (90 days). */
export interface LeiturasRetencaoTable {
  owner_id: number;
  dias: number;
  updated_at: number;
}

/** Per raw reading table, up to where its minutes and hours are summed (migration 0010). */
export interface LeiturasAgregacaoTable {
  tabela: string;
  minutos_ate: number;
  horas_ate: number;
  updated_at: number;
}

/**
 * What every summary row of device readings holds (migration 0010): one per series (device, and
 * trough) and minute or hour starting at `inicio`; `n` readings, the first and last at these times.
 */
interface ReadingSummaryRow {
  owner_id: number;
  device_id: number;
  inicio: number;
  n: number;
  primeiro_em: number;
  ultimo_em: number;
}

export interface SiloLeiturasResumoTable extends ReadingSummaryRow {
  /** The first reading of the second half of the minute or hour; null when it has none. */
  meio_em: number | null;
  peso_soma: number;
  peso_min: number;
  peso_max: number;
  peso_primeiro: number;
  peso_meio: number | null;
  peso_ultimo: number;
}

export interface CalhaLeiturasResumoTable extends ReadingSummaryRow {
  idcalha: number;
  ligada_n: number;
  rpm_soma: number;
  /** rpm_dec summed over the readings with the motor on, and their highest (null: never on). */
  rpm_soma_ligada: number;
  rpm_max_ligada: number | null;
  voltas_max: number;
  voltas_ultimo: number;
  /** Readings with a feed sensor, and how many of them sensed feed. */
  presenca_n: number;
  presenca_soma: number;
}

export interface DoseLeiturasResumoTable extends ReadingSummaryRow {
  volume_soma: number;
  volume_max: number;
  vazao_soma: number;
  ligada_n: number;
  volume_ultimo: number;
  vazao_ultimo: number;
  ligada_ultimo: number;
}

export interface ColetasResumoTable extends ReadingSummaryRow {
  machos: number;
  femeas: number;
  peso_total_dg: number;
}

export interface DosagensTable {
  id: Generated<number>;
  owner_id: number;
  fumigador_id: number | null;
  device_id: number | null;
  origem: 'device' | 'manual';
  inicio: number;
  inicio_bucket: number;
  fim: number | null;
  volume_dml: number;
  produto: string;
  operador: string;
  obs: string;
  created_at: number;
  updated_at: number;
}

export interface SiloEntregasTable {
  id: Generated<number>;
  silo_id: number;
  /** The jump's time (epoch ms), as detectDeliveries reports it. */
  em: number;
  quantidade_hg: number;
  situacao: 'confirmada' | 'descartada';
  movimento_id: number | null;
  created_at: number;
}

/** A manual weighing's uid (migration 0013): stored once per owner, with what its first answer said. */
export interface PesagensManuaisTable {
  owner_id: number;
  uid: string;
  lote_id: number;
  aves: number;
  /** Σ of its weights, tenths of a gram (bigint: a string on PostgreSQL). */
  peso_total_dg: number | string;
  created_at: number;
}

/** An alarm raised by a rule (docs/alarms.md); kept after it ends (the history). */
export interface AlarmesTable {
  id: Generated<number>;
  owner_id: number;
  nucleo_id: number | null;
  tipo: string;
  severidade: string;
  /** aberto, reconhecido, encerrado. */
  estado: string;
  alvo_tipo: string;
  alvo_id: number;
  alvo_nome: string;
  chave: string;
  /** chave while not encerrado, NULL after: unique per owner (one open alarm per condition). */
  chave_aberta: string | null;
  /** 1 when raised, +1 each time its severity rose. */
  nivel: number;
  /** JSON text. */
  detalhe: string;
  aberto_em: number;
  atualizado_em: number;
  reconhecido_em: number | null;
  reconhecido_por: number | null;
  obs: string | null;
  encerrado_em: number | null;
  encerrado_por: number | null;
  lembretes: number;
}

/** An account's rule thresholds (nucleo_chave 0) or one farm's own (nucleo_chave = nucleo_id). */
export interface AlarmeRegrasTable {
  owner_id: number;
  nucleo_id: number | null;
  nucleo_chave: number;
  /** JSON text of alarmeRegras. */
  regras: string;
  updated_at: number;
  updated_by: number | null;
}

/** Per user and owner: which alarms reach the user by e-mail and push (migration 0016; no row: the defaults). */
export interface AlarmePreferenciasTable {
  user_id: number;
  owner_id: number;
  /** 0/1. */
  email: number;
  push: number;
  /** JSON text of severities. */
  severidades: string;
  /** JSON text of farm ids; null: every farm the user reads. */
  nucleos: string | null;
  silencio_inicio: string | null;
  silencio_fim: string | null;
  resumo_hora: string | null;
  updated_at: number;
}

/** A browser's Web Push subscription (endpoint unique). */
export interface PushAssinaturasTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: number;
  falha_em: number | null;
  falha: string | null;
}

/** One e-mail, push or digest, written before it is sent (the unique chave: at most once). */
export interface AlarmeEnviosTable {
  id: Generated<number>;
  chave: string;
  user_id: number;
  alarme_id: number | null;
  nivel: number | null;
  seq: number | null;
  canal: string;
  enviado_em: number;
  falha: string | null;
}

/** A flock's weighing-quality settings (migration 0017; no row: QUALIDADE_PADRAO, filter off). */
export interface LoteQualidadeTable {
  lote_id: number;
  owner_id: number;
  /** 0/1. */
  ativo: number;
  abaixo_pct: number;
  acima_pct: number;
  dupla_tolerancia_pct: number;
  referencia: string;
  pesagens_dia_meta: number;
  updated_at: number;
}

/** An owner's API token for machine clients (modules/apiTokens); only its hash is stored. */
export interface ApiTokensTable {
  id: Generated<number>;
  owner_id: number;
  nome: string;
  escopo: string;
  token_hash: string;
  prefixo: string;
  /** Farm ids joined by '|'; null: every farm. */
  nucleos: string | null;
  expira_em: string | null;
  expira_ms: number | null;
  created_at: number;
  ultimo_uso: number | null;
  revogado_em: number | null;
}

export interface Tables {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  auth_throttle: AuthThrottleTable;
  nucleos: NucleosTable;
  aviarios: AviariosTable;
  grants: GrantsTable;
  grant_nucleos: GrantNucleosTable;
  padroes: PadroesTable;
  padrao_pontos: PadraoPontosTable;
  lotes: LotesTable;
  lote_aviarios: LoteAviariosTable;
  lote_diario: LoteDiarioTable;
  lote_diario_mortes: LoteDiarioMortesTable;
  lote_diario_historico: LoteDiarioHistoricoTable;
  config_desempenho: ConfigDesempenhoTable;
  devices: DevicesTable;
  silos: SilosTable;
  silo_aviarios: SiloAviariosTable;
  silo_movimentos: SiloMovimentosTable;
  fumigadores: FumigadoresTable;
  pontos_coleta: PontosColetaTable;
  chaves: ChavesTable;
  chave_usos: ChaveUsosTable;
  graficos: GraficosTable;
  grafico_linhas: GraficoLinhasTable;
  integration_configs: IntegrationConfigsTable;
  integration_runs: IntegrationRunsTable;
  integration_cursors: IntegrationCursorsTable;
  importacoes: ImportacoesTable;
  importacao_linhas: ImportacaoLinhasTable;
  importacao_criados: ImportacaoCriadosTable;
  pesagens: PesagensTable;
  pesagens_dia: PesagensDiaTable;
  pesagens_manuais: PesagensManuaisTable;
  pesagens_dia_faixas: PesagensDiaFaixasTable;
  pesagens_dia_scores: PesagensDiaScoresTable;
  lote_qualidade: LoteQualidadeTable;
  device_fotos: DeviceFotosTable;
  device_foto_pedidos: DeviceFotoPedidosTable;
  silo_leituras: SiloLeiturasTable;
  calha_leituras: CalhaLeiturasTable;
  dose_leituras: DoseLeiturasTable;
  coletas: ColetasTable;
  leituras_retencao: LeiturasRetencaoTable;
  leituras_agregacao: LeiturasAgregacaoTable;
  silo_leituras_min: SiloLeiturasResumoTable;
  silo_leituras_hora: SiloLeiturasResumoTable;
  calha_leituras_min: CalhaLeiturasResumoTable;
  calha_leituras_hora: CalhaLeiturasResumoTable;
  dose_leituras_min: DoseLeiturasResumoTable;
  dose_leituras_hora: DoseLeiturasResumoTable;
  coletas_min: ColetasResumoTable;
  coletas_hora: ColetasResumoTable;
  dosagens: DosagensTable;
  silo_entregas: SiloEntregasTable;
  alarmes: AlarmesTable;
  alarme_regras: AlarmeRegrasTable;
  alarme_preferencias: AlarmePreferenciasTable;
  push_assinaturas: PushAssinaturasTable;
  alarme_envios: AlarmeEnviosTable;
  api_tokens: ApiTokensTable;
}
