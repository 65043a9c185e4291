import type { TokenEscopo } from '../schemas/apiTokens.js';
import { apiCalls } from './table.js';
import type { CallName } from './types.js';

/**
 * What an API token may call (issue 21): every read call of the OpenAPI document, and with the
 * `importacao` scope also the weighings import, and nothing else. Reads are the GET calls and the
 * reports asked by POST (their filters do not fit a query string); the caller's own account,
 * sessions, permissions, keys, tokens, integration settings and delivery preferences are not for
 * a machine, whatever its scope.
 */
const POST_READS: readonly CallName[] = ['avesheader', 'incubatorioheader', 'avespesos', 'getgraphdata', 'reldosagem', 'reldosagemdetalhe'];

const NOT_FOR_TOKENS: readonly CallName[] = [
  'getuser',
  'getsessions',
  'setcookie',
  'password_recover',
  'getchave',
  'getintegracao_config',
  'getmtech_config',
  'getintegracaoenvios',
  'gettokenapi',
  'getalarmepreferencias',
  'getpushchave',
];

/** The scope a call needs from an API token, or null when no token may make it. */
export function tokenAccess(name: CallName): TokenEscopo | null {
  if (name === 'importacao') return 'importacao';
  if (NOT_FOR_TOKENS.includes(name)) return null;
  const spec = apiCalls[name];
  if (spec.method === 'GET' || POST_READS.includes(name)) return 'leitura';
  return null;
}

/** Whether a token of `escopo` may make call `name` (importacao includes leitura). */
export function tokenMayCall(escopo: TokenEscopo, name: CallName): boolean {
  const needed = tokenAccess(name);
  return needed !== null && (needed === 'leitura' || escopo === 'importacao');
}
