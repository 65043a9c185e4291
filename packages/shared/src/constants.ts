/** Business constants of the specification (section 9). */
export const LANGUAGES = ['pt', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt';

export const DEFAULT_TIMEZONE = -3;
export const TIMEZONE_MIN = -12;
export const TIMEZONE_MAX = 14;

export const DEFAULT_CSV_SEPARATOR = ';';
export const CSV_SEPARATORS = [';', ',', '\t', '|'] as const;
export type CsvSeparator = (typeof CSV_SEPARATORS)[number];

/**
 * The user's number format (`separador_decimal`, issue 16): ',' writes 1.234,5 and '.' writes
 * 1,234.5, thousands always grouped on screen and on paper; null (the default) follows the
 * language of what is shown (pt and es: ',', en: '.'). Spanish-speaking users write numbers both
 * ways across Latin America, so the language alone cannot decide.
 */
export const DECIMAL_SEPARATORS = [',', '.'] as const;
export type DecimalSeparator = (typeof DECIMAL_SEPARATORS)[number];

/** The decimal mark of numbers shown in `language` for a user whose preference is `preference` (null: by language). */
export const decimalSeparatorOf = (language: Language, preference: DecimalSeparator | null | undefined): DecimalSeparator =>
  preference ?? (language === 'en' ? '.' : ',');

export const DEVICE_STATUS_POLL_MS = 60_000;
export const DEVICE_IDLE_WARNING_MINUTES = 1440;

/** Device models seen in the field (section 3). */
export const DEVICE_MODELS = [
  'COLETOR', 'CS', 'SELAUTO', 'SELAVES', 'BSILO', 'SPSILO', 'DOSADORP', 'MCALHA', 'SEQFC',
  'FC', 'BD15PS', 'PS/SEL', 'SEQ', 'SAC', 'SILO', 'DOSADOR', 'CAM', 'BL30PI',
] as const;
export type DeviceModel = (typeof DEVICE_MODELS)[number];

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

/** Anti-forgery (section 7): cookie set with the session cookie, echoed in this header on non-GET calls. */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-XSRF-TOKEN';

/**
 * Device pictures (issue 22). A picture is stored only as the answer to a request the portal sent
 * within FOTO_REQUEST_TTL_MS; a device stores at most DEVICE_FOTOS_PER_DAY in any 24 hours; a user
 * asks one device for at most one picture per FOTO_DEVICE_INTERVAL_MS and for at most
 * FOTO_REQUESTS_PER_MINUTE pictures a minute in all.
 */
export const FOTO_REQUEST_TTL_MS = 120_000;
export const DEVICE_FOTOS_PER_DAY = 200;
export const FOTO_DEVICE_INTERVAL_MS = 10_000;
export const FOTO_REQUESTS_PER_MINUTE = 20;
