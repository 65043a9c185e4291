/**
 * Stable error codes. The server answers every error with one of these; the web maps each
 * code to a translated text (locale key `errors.<CODE>`), falling back to the message.
 */
export const ERROR_CODES = {
  BAD_REQUEST: 400,
  REQUEST_TIMEOUT: 408,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  FIELD_REQUIRED: 400,
  FIELD_INVALID: 400,
  FIELD_TOO_SHORT: 400,
  FIELD_TOO_LONG: 400,
  FIELD_OUT_OF_RANGE: 400,
  FIELD_INVALID_CHARACTERS: 400,
  INVALID_EMAIL: 400,
  PASSWORD_TOO_SHORT: 400,
  PASSWORD_TOO_WEAK: 400,
  PASSWORDS_DO_NOT_MATCH: 400,
  CURRENT_PASSWORD_REQUIRED: 400,
  CURRENT_PASSWORD_WRONG: 400,
  EMAIL_IN_USE: 409,
  INVALID_CREDENTIALS: 401,
  UNAUTHENTICATED: 401,
  CSRF_TOKEN_INVALID: 403,
  TOO_MANY_ATTEMPTS: 429,
  RESET_LINK_INVALID: 400,
  NOT_FOUND: 404,
  FORBIDDEN: 403,
  RECORD_IN_USE: 409,
  DUPLICATE_NAME: 409,
  DUPLICATE_AGE: 400,
  FLOCK_INVALID: 400,
  FLOCK_DATE_MISSING: 400,
  DATE_RANGE_INVALID: 400,
  SILO_BALANCE_NEGATIVE: 409,
  SILO_DELIVERY_NOT_FOUND: 404,
  SILO_DELIVERY_DECIDED: 409,
  DOSAGEM_FROM_DEVICE: 409,
  DEVICE_ALREADY_REGISTERED: 409,
  DEVICE_MODEL_NOT_ALLOWED: 400,
  CHIP_ID_REQUIRED: 400,
  COLLECTOR_NOT_FOUND: 400,
  KEY_INVALID: 403,
  USER_NOT_FOUND: 404,
  PERMISSION_SELF: 400,
  URL_INVALID: 400,
  CSV_INVALID: 400,
  IMPORT_FILE_REQUIRED: 400,
  IMPORT_HEADER_INVALID: 400,
  IMPORT_REJECTED: 422,
  IMPORT_DUPLICATE: 409,
  LIVE_NOT_CONNECTED: 0,
  LIVE_DEVICE_NOT_REGISTERED: 403,
  LIVE_COMMAND_FAILED: 503,
  LIVE_BAD_MESSAGE: 400,
  MAIL_UNAVAILABLE: 503,
  DATABASE_UNAVAILABLE: 503,
  NETWORK_ERROR: 0,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CODES, value);

/** English default texts: the `message`/`msg` of an API error, for clients that do not translate. */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  BAD_REQUEST: 'The request could not be understood.',
  REQUEST_TIMEOUT: 'The request took too long to arrive. Please try again.',
  URI_TOO_LONG: 'The address of the request is too long.',
  HEADERS_TOO_LARGE: 'The request headers are too large.',
  VALIDATION_FAILED: 'Some fields are not valid.',
  MALFORMED_JSON: 'The request body is not valid JSON.',
  UNSUPPORTED_MEDIA_TYPE: 'The request body must be JSON (Content-Type: application/json).',
  PAYLOAD_TOO_LARGE: 'The request body is too large.',
  FIELD_REQUIRED: 'This field is required.',
  FIELD_INVALID: 'This value is not valid.',
  FIELD_TOO_SHORT: 'This value is too short.',
  FIELD_TOO_LONG: 'This value is too long.',
  FIELD_OUT_OF_RANGE: 'This value is out of range.',
  FIELD_INVALID_CHARACTERS: 'This value contains characters that are not allowed (control characters or broken text).',
  INVALID_EMAIL: 'The e-mail address is not valid.',
  PASSWORD_TOO_SHORT: 'The password must have at least 8 characters.',
  PASSWORD_TOO_WEAK: 'The password must contain letters and numbers.',
  PASSWORDS_DO_NOT_MATCH: 'The passwords do not match.',
  CURRENT_PASSWORD_REQUIRED: 'Enter your current password to change the e-mail or password.',
  CURRENT_PASSWORD_WRONG: 'The current password is not correct.',
  EMAIL_IN_USE: 'This e-mail is already registered.',
  INVALID_CREDENTIALS: 'E-mail or password is incorrect.',
  UNAUTHENTICATED: 'Your session has ended. Please sign in again.',
  CSRF_TOKEN_INVALID: 'The request was refused because its anti-forgery token is missing or wrong.',
  TOO_MANY_ATTEMPTS: 'Too many attempts. Please wait a few minutes and try again.',
  RESET_LINK_INVALID: 'This password recovery link is invalid, has expired or was already used.',
  NOT_FOUND: 'Not found.',
  FORBIDDEN: "Your access to this owner's data is read-only, or does not cover this farm.",
  RECORD_IN_USE: 'This record is in use by other records; remove or change those first.',
  DUPLICATE_NAME: 'Another record already has this name.',
  DUPLICATE_AGE: 'Each day of age may appear only once.',
  FLOCK_INVALID: 'Invalid flock!',
  FLOCK_DATE_MISSING: 'Date of the flock not registered!',
  DATE_RANGE_INVALID: 'The end date comes before the start date.',
  SILO_BALANCE_NEGATIVE: 'This movement would leave the silo with less than zero feed.',
  SILO_DELIVERY_NOT_FOUND: "The silo scale's readings show no delivery at this time.",
  SILO_DELIVERY_DECIDED: 'This delivery was already confirmed or dismissed.',
  DOSAGEM_FROM_DEVICE: 'The doser recorded this event: its time and volume cannot be changed or deleted. Add the operator and notes instead.',
  DEVICE_ALREADY_REGISTERED: 'A device of this model with this serial number is already registered.',
  DEVICE_MODEL_NOT_ALLOWED: 'A device of this model cannot be used here.',
  CHIP_ID_REQUIRED: 'This model connects to the live channel: enter its chip id (at least 2 characters).',
  COLLECTOR_NOT_FOUND: 'A serial in the list is not a collector (COLETOR) registered to this owner.',
  KEY_INVALID: 'This access key is not valid, has expired or was turned off.',
  USER_NOT_FOUND: 'No account uses this e-mail. Ask the person to sign up first.',
  PERMISSION_SELF: 'You already own your data; grant access to someone else.',
  URL_INVALID: 'Enter a full http:// or https:// address, without a user name or password in it.',
  CSV_INVALID: 'The file could not be read as a standard: it needs a day column and a weight column.',
  IMPORT_FILE_REQUIRED: 'Choose a CSV or TXT file to import.',
  IMPORT_HEADER_INVALID: 'The first line must name the columns, with at least data, nucleo, lote and peso.',
  IMPORT_REJECTED: 'Some rows could not be read; nothing was imported. Fix the rows listed and try again.',
  IMPORT_DUPLICATE: 'This file was already imported; nothing was stored again.',
  LIVE_NOT_CONNECTED: 'The live connection is down; the message was not sent. It reconnects by itself.',
  LIVE_DEVICE_NOT_REGISTERED: 'This device is not on this page, or you may not see it.',
  LIVE_COMMAND_FAILED: 'The command could not be handed to the device broker. Please try again.',
  LIVE_BAD_MESSAGE: 'The live channel received a message it does not understand.',
  MAIL_UNAVAILABLE: 'The e-mail could not be sent right now. Please try again later.',
  DATABASE_UNAVAILABLE: 'The portal cannot reach its database right now. Nothing was changed; please try again in a moment.',
  NETWORK_ERROR: 'The server could not be reached. Check your connection.',
  INTERNAL: 'Something went wrong on the server. It has been logged.',
};

export interface FieldError {
  code: ErrorCode;
  msg: string;
  field: string;
}

/** Body of every error answer (section 8 of the specification). */
export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  errors?: FieldError[];
  retryAfterSeconds?: number;
}
