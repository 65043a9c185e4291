import type { RecordFamilyNames } from './spec.js';
import type { CallName } from './types.js';

/** What the OpenAPI document (/api/openapi.json) says of a call beyond its schemas. */
export interface CallDoc {
  /** The group the document lists the call under. */
  readonly tag: string;
  readonly summary: string;
  readonly description?: string;
  /** What the file answer of a download call is. */
  readonly download?: string;
}

/** The documents of a farm record's three calls, worded the same for every record. */
function recordFamilyDocs<R extends string, G extends string, D extends string>(tag: string, names: RecordFamilyNames<R, G, D>) {
  return {
    [names.register]: { tag, summary: `Create (no id) or update (id) a ${tag} record` },
    [names.get]: { tag, summary: `One ${tag} record (?id) or the list` },
    [names.del]: { tag, summary: `Delete a ${tag} record` },
  } as Record<R | G | D, CallDoc>;
}

const accounts = 'accounts';
const permissions = 'permissions';
const farms = 'farms';
const keys = 'keys';
const silos = 'silos';
const standards = 'standards';
const charts = 'charts';
const devices = 'devices';
const alarms = 'alarms';
const weighings = 'weighings';
const live = 'live';
const collectionPoints = 'collection points';
const troughs = 'troughs';
const dosing = 'dosing';
const performance = 'performance';

/**
 * Every call's words for the OpenAPI document. Kept apart from the table (table.ts), and built
 * only when asked, because only the server asks: the browser's bundle leaves all of it out.
 */
export function callDocs(): { readonly [N in CallName]: CallDoc } {
  return {
    register: { tag: accounts, summary: 'Create an account' },
    login: { tag: accounts, summary: 'Sign in; answers a bearer token' },
    getuser: { tag: accounts, summary: 'The signed-in user' },
    updateuser: { tag: accounts, summary: 'Change profile, e-mail or password' },
    password_recover: { tag: accounts, summary: 'E-mail a one-time password recovery link' },
    password_reset: { tag: accounts, summary: 'Set a new password with a recovery link token' },
    setcookie: { tag: accounts, summary: "Set the session and anti-forgery cookies (loaded in a hidden frame after login by the portal's own pages)" },
    logout: { tag: accounts, summary: 'End this session' },
    getsessions: { tag: accounts, summary: 'My active sessions' },
    delsession: { tag: accounts, summary: 'End one of my sessions' },
    getretencao: { tag: accounts, summary: "How long the owner's device readings are kept raw, and the limits", description: 'Past it, reports read per-minute summaries (kept 730 days), then per-hour ones (kept while the device exists).' },
    setretencao: { tag: accounts, summary: 'Set how many days my devices\' raw readings are kept (30–730; default 90)' },

    permissoes: { tag: permissions, summary: 'The access I gave to other users' },
    proprietarios: { tag: permissions, summary: 'Owners whose data I may see, myself first' },
    setpermissoes: { tag: permissions, summary: "Grant, change or remove (nivel 'nenhum') a user's access to my data" },

    ...recordFamilyDocs(farms, { register: 'registernucleo', get: 'getnucleo', del: 'delnucleo' }),
    updatenucleomanual: { tag: farms, summary: "Replace a farm's houses, sides and pens" },
    ...recordFamilyDocs('integrations', { register: 'register_config_integracao', get: 'getintegracao_config', del: 'delintegracao' }),
    ...recordFamilyDocs('mtech', { register: 'register_config_mtech', get: 'getmtech_config', del: 'delmtech' }),
    enviarintegracao: {
      tag: 'integrations',
      summary: 'Send an integration or Mtech configuration now ("Enviar agora"), or again from a date ("Reenviar desde"); resumes a paused one',
      description: 'The run is queued and done in the background; getintegracaoenvios shows it. Payload, signature and retries: docs/integrations.md.',
    },
    getintegracaoenvios: { tag: 'integrations', summary: "A configuration's export state (active, off, paused and why), how far each kind was delivered, and its latest runs" },
    novosegredointegracao: { tag: 'integrations', summary: "A new signing secret for a configuration's exports, answered once (the old one stops verifying)" },
    registertokenapi: {
      tag: 'api tokens',
      summary: 'Create an API token for a machine client (read, or read and import; some farms; an expiry); the token is answered once',
      description: 'Send it as `Authorization: Bearer pat_...`. It authenticates the read calls and, with scope importacao, importacao; nothing else (docs/integrations.md).',
    },
    gettokenapi: { tag: 'api tokens', summary: "The owner's API tokens with their scope, farms, expiry and last use (never the token itself)" },
    revogatokenapi: { tag: 'api tokens', summary: 'Revoke an API token: refused from the next call on' },
    ...recordFamilyDocs(keys, { register: 'registerchave', get: 'getchave', del: 'delchave' }),
    getchavehist: { tag: keys, summary: 'Uses of my access keys (or of one), newest first' },
    ...recordFamilyDocs(silos, { register: 'registersilo', get: 'getsilo', del: 'delsilo' }),
    registersilomov: { tag: silos, summary: "Add a feed movement; answers the silo's movements" },
    getsilomov: { tag: silos, summary: "A silo's movements, oldest first, with the running balance" },
    delsilomov: { tag: silos, summary: 'Delete a feed movement' },
    getsiloleituras: {
      tag: silos,
      summary: "A silo's balance over a period: its scale's readings, days (start, deliveries, consumption, end) and detected deliveries; without a scale, the days its movements give",
    },
    confirmentrega: { tag: silos, summary: "Confirm a delivery the silo's scale shows (records an 'entrada' movement of the detected amount, or of quantidade_kg when the operator corrects it) or dismiss it" },
    ...recordFamilyDocs('fumigators', { register: 'registerfumigador', get: 'getfumigador', del: 'delfumigador' }),
    ...recordFamilyDocs(collectionPoints, { register: 'registerpontocoleta', get: 'getpontocoleta', del: 'delpontocoleta' }),
    ...recordFamilyDocs(standards, { register: 'registerpadrao', get: 'getpadrao', del: 'delpadrao' }),
    getpadrao_presets: { tag: standards, summary: 'Published breed standards to start a standard from' },
    ...recordFamilyDocs('flocks', { register: 'registerlote', get: 'getlote', del: 'dellote' }),
    registerdiario: {
      tag: performance,
      summary: "A flock house's day (deaths by cause, culls, transfers, water, temperatures): one per flock, house and day; a second write updates it and keeps who changed what",
      description: 'uid (a client-generated UUID) makes a resent write (offline queue, lost answer) change nothing.',
    },
    getdiario: { tag: performance, summary: "A flock's daily house records over [di, df] (default: its whole life), oldest first, each with its history" },
    deldiario: { tag: performance, summary: 'Delete a daily house record' },
    registerfechamento: { tag: performance, summary: 'Close out a flock: closing date, birds and kg delivered; answers the flock' },
    getconfigdesempenho: { tag: performance, summary: "The account's causes of death and corrected-FCR reference (weight, points per 100 g)" },
    setconfigdesempenho: { tag: performance, summary: "Set the account's causes of death and corrected-FCR reference" },
    getdesempenho: {
      tag: performance,
      summary: "A flock's indicators as of a day (livability, mortality, weight, gain, FCR, corrected FCR, IEP), per house and sex, and per day",
      description: 'Formulas: docs/performance.md. Null means not enough data.',
    },
    getcomparativo: {
      tag: performance,
      summary: 'Flocks closed in [di, df] grouped by flock, house, farm or owner, ranked by IEP with quartiles; todos=1 spans every owner in reach',
    },
    getprevisao: {
      tag: performance,
      summary: "A flock's growth forecast per sex: the weight expected on a day and the day a target weight is reached, each P10/P50/P90, and the curve to the flock's end",
      description: 'Gompertz fitted to the daily means, anchored on the breed standard while few days are weighed; an untrusted fit says why (situacao). Method and accuracy: docs/forecast.md.',
    },
    getseparacaosexo: {
      tag: weighings,
      summary: "Splits a mixed-sex box, house-day or flock-day into males and females (share, mean, CV, uniformity) with a confidence, or says why it cannot",
      description: 'Two-component normal mixture by EM, held to the expected male/female weight ratio. Method, refusals and limits: docs/sex-split.md.',
    },
    getqualidade: { tag: weighings, summary: "A flock's weighing-quality settings, each day's window with its accepted and flagged counts by reason, and each scale's daily score" },
    setqualidadeconfig: { tag: weighings, summary: "Set a flock's weighing-quality filter: on/off, window below/above the expected weight, doubles' tolerance, reference, weighings expected a day" },
    getpesagensdescartadas: { tag: weighings, summary: 'The weighings a flock-day\'s quality window set aside, with their reason (audit)' },
    getalarmeregras: { tag: alarms, summary: "The account's alarm rules (defaults until changed) and the farms with their own thresholds" },
    setalarmeregras: {
      tag: alarms,
      summary: "Set the account's alarm rules, or a farm's own (nucleo_id); regras null goes back to the defaults (the account's, for a farm)",
      description: 'Each rule and its arithmetic: docs/alarms.md.',
    },
    getalarmes: {
      tag: alarms,
      summary: 'Alarms of the farms the caller reads, newest first (estado: ativos by default, aberto, reconhecido, encerrado, todos; di/df on when raised)',
      description: 'abertos is the bell\'s count: raised and not acknowledged.',
    },
    ackalarme: { tag: alarms, summary: 'Acknowledge an alarm (who, when, a note): reminders stop; it clears by itself when its condition ends' },
    clearalarme: { tag: alarms, summary: 'Clear an alarm by hand, with a note; it is raised again if its condition still holds at the next evaluation' },
    getalarmepreferencias: { tag: alarms, summary: 'Which alarms of this owner reach me by e-mail and push (farms, severities, quiet hours) and when my morning digest comes' },
    setalarmepreferencias: { tag: alarms, summary: 'Set which alarms of this owner reach me outside the portal, quiet hours and the morning digest time' },
    getpushchave: { tag: alarms, summary: "The portal's VAPID public key, to subscribe a browser to Web Push" },
    push_subscribe: { tag: alarms, summary: "Keep this browser's push subscription for my alarms (a second call with the same endpoint replaces its keys)" },
    push_unsubscribe: { tag: alarms, summary: "Forget one of my browser's push subscriptions" },
    getsilofim: {
      tag: alarms,
      summary: 'Every silo with a scale: balance, recent consumption, the flock\'s expected intake, and a cautious "empty by" (the earlier of the two)',
    },
    ...recordFamilyDocs(charts, { register: 'registergrafico', get: 'getgrafico', del: 'delgrafico' }),
    getgraphdata: {
      tag: charts,
      summary: "A chart's data per day (di/df: days in the owner's timezone; without them, the chart's period); null on days without data",
    },
    setgraficopainel: { tag: charts, summary: 'Pins a chart to the dashboard (painel true) or unpins it' },

    registerdevice: { tag: devices, summary: "Register a device (with `chave`: into the key owner's account); the answer carries its broker secret, once" },
    updatedevice: { tag: devices, summary: 'Update a device (model and serial never change; renovar_credencial issues a new secret)' },
    deldevice: { tag: devices, summary: 'Delete a device' },
    getdevice: { tag: devices, summary: 'One device (?id) or the list, by model and serial' },
    getdevice_conn: { tag: devices, summary: 'How a device connects: broker, login name, topics' },
    getdevice_type: { tag: devices, summary: 'Every device model, its icon and whether it is live' },
    getprotocolos: { tag: devices, summary: 'The protocols the portal speaks with devices' },

    avesheader: { tag: weighings, summary: "What the weight report's filters offer (farms)" },
    incubatorioheader: { tag: weighings, summary: "What the hatchery report's filters offer (hatcheries)" },
    avespesos: { tag: weighings, summary: 'Weight report: date | flock | sex → category → side → box, with statistics and histograms' },
    registerpesagemmanual: {
      tag: weighings,
      summary: 'A manual weighing: birds weighed by hand in one house of a flock, stored as ordinary weighings (scale series MANUAL)',
      description: 'uid (a client-generated UUID) makes a resent weighing (offline queue, lost answer) store nothing: the first answer comes back with repetido=true. sexo macho/femea/misto is stored as M, F or blank, like devices and files.',
    },
    'v2/resumo': {
      tag: weighings,
      summary: 'Summary per flock, house, side and box; tipo=csv answers a file in the reader’s separator and number format',
      download: 'The CSV file (tipo=csv)',
    },
    gettotaisselauto: {
      tag: weighings,
      summary: "A grader's birds, weight and statistics per category over a period (lote_id: one flock's), and of all its birds together",
    },
    getuniestrutura: { tag: weighings, summary: 'Farm → flock → house, with the graders on each farm' },
    usrstats: { tag: weighings, summary: 'Dashboard tiles: counts and the latest weighing of each active flock' },
    importacao: { tag: 'imports', summary: 'Import a CSV/TXT file of weighings (dry_run=true: preview only, nothing stored)' },

    devupdt: {
      tag: live,
      summary: "Devices' online status: minutes since each one's last message (null: never); unknown or unreachable ones are left out",
      description: "The body is the list of {modelo, serie} itself (the caller's own devices), or {prop, dispositivos} to ask about an owner's devices through a grant.",
    },
    getremotelist: { tag: live, summary: 'Live devices that can be watched remotely, graders first, with their status' },
    getleituras: { tag: live, summary: "A device's recent live readings (this instance's) and its last stored weighings" },
    getfotos: { tag: live, summary: "A device's days with pictures and the pictures of one day (default: the newest)" },

    gethistoricopontocoleta: {
      tag: collectionPoints,
      summary: "A collection point's batches per collector and day (owner's timezone): counts, kg, pesoMedio and sex (section 9); empty days null",
    },
    gethistoricopontocoletagrafico: {
      tag: collectionPoints,
      summary: "Chart of a collection point's history: daily pesoMedio per collector (g), then the point's machos and femeas (aves)",
    },
    getracao: {
      tag: 'feed',
      summary: "A flock's feed per day over a period: per silo and house, cumulative, per bird, and feed conversion where it was weighed",
    },
    getcalhas: { tag: troughs, summary: 'Trough monitors (MCALHA, SAC) in reach, with the trough numbers each has sent' },
    getgraph_calha: {
      tag: troughs,
      summary:
        "A trough's rotation, motor, turns and feed presence over the days asked (default: today), with gaps, stoppages and a summary per day (owner's timezone)",
    },
    reldosagem: {
      tag: dosing,
      summary: "A fumigator's dosing per day (owner's timezone): events, ml, minutes, scheduled applications and those done; days without data null",
    },
    reldosagemdetalhe: { tag: dosing, summary: "One dosing event of a fumigator with its doser's readings (flow curve) and pictures count" },
    getfumigacao: { tag: dosing, summary: "A fumigator's dosing events that started in the period, newest first" },
    getfumigacaodetalhe: { tag: dosing, summary: "Chart of a fumigator's doser over the period: mean flow (ml/min) and day counter (ml) per step" },
    getfotosdosagem: { tag: dosing, summary: "The doser's pictures from a minute before a dosing event to five minutes after it" },
    registerdosagem: {
      tag: dosing,
      summary: 'Records a manual dosing event (no id) or annotates one (id): operator, notes, product; time and volume of manual events only',
    },
    deldosagem: { tag: dosing, summary: 'Deletes a manual dosing event' },
  };
}
