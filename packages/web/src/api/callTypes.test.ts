import type { Chave, DeletedResponse, Nucleo, User } from '@portal/shared';
import { describe, expectTypeOf, it, vi } from 'vitest';
import { call, callList, callOne, callText, callUrl } from './client';

// The real i18n module touches the page's document on start; the client only asks the language.
vi.mock('../i18n', () => ({ currentLanguage: () => 'pt' }));

/**
 * The call table types every call site: these lines are checked by the web typecheck
 * (`tsc -p packages/web`), each @ts-expect-error must stay an error. Nothing is sent: the calls
 * sit in a function that never runs.
 */
function callSites() {
  // @ts-expect-error: no call of that name
  void call('getnucleos');
  // @ts-expect-error: a field the body does not have
  void call('delsession', { body: { idsessao: 3 } });
  // @ts-expect-error: a field of the wrong type
  void call('delsession', { body: { idsession: '3' } });
  // @ts-expect-error: the body is required
  void call('delsession');
  // @ts-expect-error: a required query field is missing (id)
  void call('getracao', { query: { di: '2026-01-01', df: '2026-01-31' } });
  // @ts-expect-error: an id is a number
  void call('getdevice_conn', { query: { id: 'x' } });
  // @ts-expect-error: a call without a body takes none
  void call('getuser', { body: {} });
  // @ts-expect-error: only download calls answer a file
  void callText('avespesos', {});
  // @ts-expect-error: getuniestrutura is not a record's get call
  void callList('getuniestrutura', undefined);
  // @ts-expect-error: setcookie's address needs its token
  void callUrl('setcookie');

  return {
    user: call('getuser'),
    deleted: call('delnucleo', { body: { idnucleo: 1 } }),
    farm: callOne('getnucleo', 1, undefined),
    keys: callList('getchave', undefined),
    file: callText('v2/resumo', { inicio: '2026-01-01', fim: '2026-01-31', tipo: 'csv' }),
    cookieUrl: callUrl('setcookie', { 'api-token': 't' }),
  };
}

describe('calls typed by the call table', () => {
  it('answer the types of their response schemas', () => {
    type Answers = ReturnType<typeof callSites>;
    expectTypeOf<Answers['user']>().resolves.toEqualTypeOf<User>();
    expectTypeOf<Answers['deleted']>().resolves.toEqualTypeOf<DeletedResponse>();
    expectTypeOf<Answers['farm']>().resolves.toEqualTypeOf<Nucleo>();
    expectTypeOf<Answers['keys']>().resolves.toEqualTypeOf<Chave[]>();
    expectTypeOf<Answers['file']>().resolves.toEqualTypeOf<{ text: string; name: string | undefined }>();
    expectTypeOf<Answers['cookieUrl']>().toEqualTypeOf<string>();
  });
});
