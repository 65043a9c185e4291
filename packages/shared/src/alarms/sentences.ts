import type { Language } from '../constants.js';
import type { AlarmeTipo } from '../schemas/alarms.js';
import type { ConfigTipo, EnvioErro } from '../schemas/records/integrations.js';

/**
 * One way to say what happened. Written from the detalhe keys in `needs` (each rule's keys:
 * packages/server/src/modules/alarms/rules, docs/alarms.md) and the target's name {{alvo}}.
 */
export interface AlarmSentence {
  key: string;
  /** The detalhe keys it is written from: every one present, not null and not empty. */
  needs: readonly string[];
  /** Only when detalhe.motivo is one of these (a rule with two conditions says which held). */
  motivos?: readonly string[];
  text: Record<Language, string>;
}

/**
 * Per tipo, from the most to the least specific; the first that fits the alarm's detalhe is used,
 * the last (generic: names the target only) fits any detalhe, so a reader never sees a raw key or
 * nothing. Plain literals, no calls: a module without side effects stays out of the web's first
 * page (only the alarm screens load it).
 */
export const ALARM_SENTENCES: Record<AlarmeTipo, readonly AlarmSentence[]> = {
  sem_dados: [
    {
      key: 'scale',
      needs: ['balanca', 'ultima_pesagem', 'limite_min'],
      text: {
        pt: 'Balança {{balanca}}: última pesagem em {{ultima_pesagem}} (limite {{limite_min}} min).',
        en: 'Scale {{balanca}}: last weighing {{ultima_pesagem}} (limit {{limite_min}} min).',
        es: 'Balanza {{balanca}}: último pesaje el {{ultima_pesagem}} (límite {{limite_min}} min).',
      },
    },
    {
      key: 'device',
      needs: ['ultimo_contato', 'limite_min'],
      text: {
        pt: 'Último contato em {{ultimo_contato}} (limite {{limite_min}} min).',
        en: 'Last contact {{ultimo_contato}} (limit {{limite_min}} min).',
        es: 'Último contacto el {{ultimo_contato}} (límite {{limite_min}} min).',
      },
    },
    { key: 'generic', needs: [], text: { pt: '{{alvo}} parou de enviar dados.', en: '{{alvo}} stopped sending data.', es: '{{alvo}} dejó de enviar datos.' } },
  ],
  silo_fim: [
    {
      key: 'emptyBy',
      needs: ['horas', 'vazio_em', 'saldo_kg'],
      text: {
        pt: 'Vazio em cerca de {{horas}} h ({{vazio_em}}); restam {{saldo_kg}} kg.',
        en: 'Empty in about {{horas}} h ({{vazio_em}}); {{saldo_kg}} kg left.',
        es: 'Vacío en unas {{horas}} h ({{vazio_em}}); quedan {{saldo_kg}} kg.',
      },
    },
    {
      key: 'hours',
      needs: ['horas'],
      text: { pt: 'Vazio em cerca de {{horas}} h.', en: 'Empty in about {{horas}} h.', es: 'Vacío en unas {{horas}} h.' },
    },
    { key: 'generic', needs: [], text: { pt: '{{alvo}} vai acabar em breve.', en: '{{alvo}} will run out soon.', es: '{{alvo}} se vaciará pronto.' } },
  ],
  lote_atrasado: [
    {
      key: 'weightAndGain',
      needs: ['peso_g', 'padrao_g', 'pct_padrao', 'idade', 'ganho_g', 'ganho_anterior_g'],
      motivos: ['peso_e_ganho'],
      text: {
        pt: 'Peso médio {{peso_g}} g aos {{idade}} dias: {{pct_padrao}} % do padrão ({{padrao_g}} g); ganho diário caiu para {{ganho_g}} g/dia (antes {{ganho_anterior_g}} g/dia).',
        en: 'Mean weight {{peso_g}} g at {{idade}} days: {{pct_padrao}} % of the standard ({{padrao_g}} g); daily gain fell to {{ganho_g}} g/day (before {{ganho_anterior_g}} g/day).',
        es: 'Peso medio {{peso_g}} g a los {{idade}} días: {{pct_padrao}} % del estándar ({{padrao_g}} g); la ganancia diaria cayó a {{ganho_g}} g/día (antes {{ganho_anterior_g}} g/día).',
      },
    },
    {
      key: 'weight',
      needs: ['peso_g', 'padrao_g', 'pct_padrao', 'idade'],
      motivos: ['peso', 'peso_e_ganho'],
      text: {
        pt: 'Peso médio {{peso_g}} g aos {{idade}} dias: {{pct_padrao}} % do padrão ({{padrao_g}} g).',
        en: 'Mean weight {{peso_g}} g at {{idade}} days: {{pct_padrao}} % of the standard ({{padrao_g}} g).',
        es: 'Peso medio {{peso_g}} g a los {{idade}} días: {{pct_padrao}} % del estándar ({{padrao_g}} g).',
      },
    },
    {
      key: 'gain',
      needs: ['ganho_g', 'ganho_anterior_g', 'peso_g', 'idade'],
      motivos: ['ganho', 'peso_e_ganho'],
      text: {
        pt: 'Ganho diário caiu para {{ganho_g}} g/dia (antes {{ganho_anterior_g}} g/dia); peso médio {{peso_g}} g aos {{idade}} dias.',
        en: 'Daily gain fell to {{ganho_g}} g/day (before {{ganho_anterior_g}} g/day); mean weight {{peso_g}} g at {{idade}} days.',
        es: 'La ganancia diaria cayó a {{ganho_g}} g/día (antes {{ganho_anterior_g}} g/día); peso medio {{peso_g}} g a los {{idade}} días.',
      },
    },
    { key: 'generic', needs: [], text: { pt: '{{alvo}} está abaixo do padrão.', en: '{{alvo}} is below its standard.', es: '{{alvo}} está por debajo del estándar.' } },
  ],
  mortalidade: [
    {
      key: 'day',
      needs: ['data', 'mortos', 'eliminados', 'pct_dia'],
      motivos: ['dia'],
      text: {
        pt: 'Em {{data}}: {{mortos}} mortas e {{eliminados}} eliminadas, {{pct_dia}} % das aves no dia.',
        en: 'On {{data}}: {{mortos}} dead and {{eliminados}} culled, {{pct_dia}} % of the birds that day.',
        es: 'El {{data}}: {{mortos}} muertas y {{eliminados}} eliminadas, {{pct_dia}} % de las aves del día.',
      },
    },
    {
      key: 'curve',
      needs: ['mortalidade_pct', 'padrao_pct', 'idade'],
      motivos: ['curva'],
      text: {
        pt: 'Mortalidade acumulada {{mortalidade_pct}} % aos {{idade}} dias; o padrão é {{padrao_pct}} %.',
        en: 'Cumulative mortality {{mortalidade_pct}} % at {{idade}} days; the standard is {{padrao_pct}} %.',
        es: 'Mortalidad acumulada {{mortalidade_pct}} % a los {{idade}} días; el estándar es {{padrao_pct}} %.',
      },
    },
    { key: 'generic', needs: [], text: { pt: 'Mortalidade alta em {{alvo}}.', en: 'High mortality in {{alvo}}.', es: 'Mortalidad alta en {{alvo}}.' } },
  ],
  balancas_divergentes: [
    {
      key: 'outlier',
      needs: ['balanca', 'media_g', 'mediana_g', 'diferenca_pct'],
      text: {
        pt: 'A balança {{balanca}} mediu {{media_g}} g, contra a mediana de {{mediana_g}} g: diferença de {{diferenca_pct}} % no mesmo dia.',
        en: 'Scale {{balanca}} measured {{media_g}} g against a median of {{mediana_g}} g: {{diferenca_pct}} % apart on the same day.',
        es: 'La balanza {{balanca}} midió {{media_g}} g frente a la mediana de {{mediana_g}} g: diferencia de {{diferenca_pct}} % el mismo día.',
      },
    },
    {
      key: 'differ',
      needs: ['diferenca_pct'],
      text: {
        pt: 'As balanças diferem {{diferenca_pct}} % no mesmo dia.',
        en: 'The scales differ by {{diferenca_pct}} % on the same day.',
        es: 'Las balanzas difieren {{diferenca_pct}} % el mismo día.',
      },
    },
    { key: 'generic', needs: [], text: { pt: 'As balanças de {{alvo}} não concordam.', en: 'The scales of {{alvo}} disagree.', es: 'Las balanzas de {{alvo}} no coinciden.' } },
  ],
  calha_parada: [
    {
      key: 'stopped',
      needs: ['parada_desde', 'limite_min'],
      text: {
        pt: 'Sem girar com o motor ligado desde {{parada_desde}} (limite {{limite_min}} min).',
        en: 'Not turning with the motor on since {{parada_desde}} (limit {{limite_min}} min).',
        es: 'Sin girar con el motor encendido desde el {{parada_desde}} (límite {{limite_min}} min).',
      },
    },
    { key: 'generic', needs: [], text: { pt: '{{alvo}} parou com o motor ligado.', en: '{{alvo}} stopped with the motor on.', es: '{{alvo}} se detuvo con el motor encendido.' } },
  ],
  dosagem_perdida: [
    {
      key: 'product',
      needs: ['produto', 'horario', 'data', 'limite_min'],
      text: {
        pt: 'A dosagem de {{produto}} das {{horario}} de {{data}} não aconteceu em {{limite_min}} min.',
        en: 'The {{horario}} dosing of {{produto}} on {{data}} did not happen within {{limite_min}} min.',
        es: 'La dosificación de {{produto}} de las {{horario}} del {{data}} no ocurrió en {{limite_min}} min.',
      },
    },
    {
      key: 'missed',
      needs: ['horario', 'limite_min'],
      text: {
        pt: 'A dosagem das {{horario}} não aconteceu em {{limite_min}} min.',
        en: 'The {{horario}} dosing did not happen within {{limite_min}} min.',
        es: 'La dosificación de las {{horario}} no ocurrió en {{limite_min}} min.',
      },
    },
    { key: 'generic', needs: [], text: { pt: '{{alvo}} perdeu uma dosagem programada.', en: '{{alvo}} missed a scheduled dosing.', es: '{{alvo}} perdió una dosificación programada.' } },
  ],
  integracao_pausada: [
    {
      key: 'pausedWithError',
      needs: ['tipo', 'nome', 'erro'],
      text: {
        pt: 'Os envios para {{nome}} ({{tipo}}) estão pausados: {{erro}}. Corrija a configuração e use Enviar agora para retomar.',
        en: 'Sending to {{nome}} ({{tipo}}) is paused: {{erro}}. Fix the settings and use Send now to resume.',
        es: 'Los envíos a {{nome}} ({{tipo}}) están en pausa: {{erro}}. Corrija la configuración y use Enviar ahora para reanudar.',
      },
    },
    {
      key: 'paused',
      needs: ['tipo', 'nome'],
      text: {
        pt: 'Os envios para {{nome}} ({{tipo}}) estão pausados. Use Enviar agora para retomar.',
        en: 'Sending to {{nome}} ({{tipo}}) is paused. Use Send now to resume.',
        es: 'Los envíos a {{nome}} ({{tipo}}) están en pausa. Use Enviar ahora para reanudar.',
      },
    },
    { key: 'generic', needs: [], text: { pt: 'Os envios para {{alvo}} estão pausados.', en: 'Sending to {{alvo}} is paused.', es: 'Los envíos a {{alvo}} están en pausa.' } },
  ],
};

/** What an export's failure (integracao_pausada's detalhe.erro, ENVIO_ERROS) means, per language. */
const ENVIO_ERRO_WORDS: Record<Language, Record<EnvioErro, string>> = {
  pt: {
    rede: 'o destino não pôde ser alcançado (erro de rede)',
    tempo_esgotado: 'o destino não respondeu a tempo',
    http_5xx: 'o destino respondeu com erro (HTTP 5xx)',
    http_4xx: 'o destino recusou o envio (HTTP 4xx)',
    destino_recusado: 'o endereço aponta para uma rede privada',
    senha_ilegivel: 'a senha guardada não pode ser lida (salve-a de novo)',
    sem_segredo: 'falta o segredo de assinatura (gere um novo)',
    interno: 'erro interno do portal',
  },
  en: {
    rede: 'the endpoint could not be reached (network error)',
    tempo_esgotado: 'the endpoint did not answer in time',
    http_5xx: 'the endpoint answered with an error (HTTP 5xx)',
    http_4xx: 'the endpoint refused the delivery (HTTP 4xx)',
    destino_recusado: 'the address points to a private network',
    senha_ilegivel: 'the stored password cannot be read (save it again)',
    sem_segredo: 'the signing secret is missing (make a new one)',
    interno: 'an internal error of the portal',
  },
  es: {
    rede: 'no se pudo alcanzar el destino (error de red)',
    tempo_esgotado: 'el destino no respondió a tiempo',
    http_5xx: 'el destino respondió con un error (HTTP 5xx)',
    http_4xx: 'el destino rechazó el envío (HTTP 4xx)',
    destino_recusado: 'la dirección apunta a una red privada',
    senha_ilegivel: 'la contraseña guardada no se puede leer (guárdela de nuevo)',
    sem_segredo: 'falta el secreto de firma (genere uno nuevo)',
    interno: 'un error interno del portal',
  },
};

const CONFIG_TIPO_WORDS: Record<Language, Record<ConfigTipo, string>> = {
  pt: { integracao: 'integração', mtech: 'Mtech' },
  en: { integracao: 'integration', mtech: 'Mtech' },
  es: { integracao: 'integración', mtech: 'Mtech' },
};

/**
 * Codes a rule writes in detalhe (language-neutral) and the words a sentence shows for them, per
 * tipo and detalhe key. A code without words (written by a newer portal) is shown as it is.
 */
export const ALARM_CODE_WORDS: Partial<Record<AlarmeTipo, Record<string, Record<Language, Record<string, string>>>>> = {
  integracao_pausada: { erro: ENVIO_ERRO_WORDS, tipo: CONFIG_TIPO_WORDS },
};
