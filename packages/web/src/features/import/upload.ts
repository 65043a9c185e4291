import { apiCalls, CSRF_COOKIE, CSRF_HEADER, isErrorCode, type ImportResponse } from '@portal/shared';
import { ApiError, call, callUrl, parseAnswer } from '../../api/client';
import { getToken } from '../../api/authStorage';
import { currentLanguage } from '../../i18n';

export interface ImportRequest {
  file: File;
  prop: number | undefined;
  dryRun: boolean;
  createMissing: boolean;
  /** ';' ',' 'tab' '|', or undefined: the server reads it from the header line. */
  separador: string | undefined;
  /** ',' '.', or undefined: the server guesses it from the weights. */
  decimal: string | undefined;
}

/** 'upload': fraction of the file sent (0..1); 'processing': sent, the server is reading it. */
export type ImportProgress = { phase: 'upload'; fraction: number } | { phase: 'processing' };

/** IMPORT_REJECTED: the error with the server's preview, every refused row listed. */
export class ImportRejectedError extends ApiError {
  constructor(
    message: string,
    readonly preview: ImportResponse,
  ) {
    super('IMPORT_REJECTED', message, 422);
  }
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

/** IMPORT_ENCODING_MIXED: the error with the file line where the second encoding shows up. */
export class ImportEncodingMixedError extends ApiError {
  constructor(
    message: string,
    readonly linha: number,
  ) {
    super('IMPORT_ENCODING_MIXED', message, 400);
  }
}

function errorOf(status: number, body: unknown): ApiError {
  const data = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const rejected = apiCalls.importacao.errorResponses[422].safeParse(body);
  if (rejected.success) return new ImportRejectedError(rejected.data.message, rejected.data.importacao);
  if (data.code === 'IMPORT_ENCODING_MIXED' && typeof data.linha === 'number') {
    return new ImportEncodingMixedError(typeof data.message === 'string' ? data.message : '', data.linha);
  }
  const code = isErrorCode(data.code) ? data.code : status === 401 ? 'UNAUTHENTICATED' : status === 0 ? 'NETWORK_ERROR' : 'INTERNAL';
  return new ApiError(code, typeof data.message === 'string' ? data.message : '', status, Array.isArray(data.errors) ? data.errors : []);
}

/**
 * POST /api/importacao with XMLHttpRequest: fetch cannot report upload progress, and large files
 * take a while to send. Same headers as the API client (token, language, anti-forgery).
 */
export function sendImport(request: ImportRequest, onProgress: (progress: ImportProgress) => void): Promise<ImportResponse> {
  const form = new FormData();
  // Fields first: the server checks the access before the file streams in.
  if (request.prop !== undefined) form.append('prop', String(request.prop));
  form.append('dry_run', String(request.dryRun));
  form.append('create_missing', String(request.createMissing));
  if (request.separador) form.append('separador', request.separador);
  if (request.decimal) form.append('decimal', request.decimal);
  form.append('file', request.file, request.file.name);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', callUrl('importacao'));
    xhr.responseType = 'text';
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const xsrf = readCookie(CSRF_COOKIE);
    if (xsrf) xhr.setRequestHeader(CSRF_HEADER, xsrf);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress({ phase: 'upload', fraction: event.loaded / event.total });
    };
    xhr.upload.onload = () => onProgress({ phase: 'processing' });
    xhr.onerror = () => reject(new ApiError('NETWORK_ERROR', 'Network error', 0));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: the status decides below.
      }
      if (xhr.status === 200) {
        try {
          return resolve(parseAnswer('importacao', body, xhr.status));
        } catch (unexpected) {
          return reject(unexpected);
        }
      }
      const error = errorOf(xhr.status, body);
      // An expired session: the API client's own 401 handling signs out and returns here after login.
      if (xhr.status === 401) void call('getuser').catch(() => undefined);
      reject(error);
    };
    xhr.send(form);
  });
}
