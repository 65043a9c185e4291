import {
  loginResponse,
  okResponse,
  sessionList,
  user,
  type LoginBody,
  type LoginResponse,
  type OkResponse,
  type PasswordResetBody,
  type RegisterBody,
  type Session,
  type UpdateUserBody,
  type User,
} from '@portal/shared';
import { apiRequest, apiUrl } from './client';

/** The account calls of the server, typed with the shared schemas. */
export const accountsApi = {
  register: (body: RegisterBody): Promise<User> =>
    apiRequest('register', { method: 'POST', body, schema: user, withToken: false }),

  login: (body: LoginBody): Promise<LoginResponse> =>
    apiRequest('login', { method: 'POST', body, schema: loginResponse, withToken: false }),

  getUser: (): Promise<User> => apiRequest('getuser', { schema: user }),

  updateUser: (body: UpdateUserBody): Promise<User> =>
    apiRequest('updateuser', { method: 'POST', body, schema: user }),

  recoverPassword: (email: string): Promise<OkResponse> =>
    apiRequest('password_recover', { query: { email }, schema: okResponse, withToken: false }),

  resetPassword: (body: PasswordResetBody): Promise<OkResponse> =>
    apiRequest('password_reset', { method: 'POST', body, schema: okResponse, withToken: false }),

  logout: (): Promise<OkResponse> => apiRequest('logout', { method: 'POST', body: {}, schema: okResponse }),

  getSessions: (): Promise<Session[]> => apiRequest('getsessions', { schema: sessionList }),

  deleteSession: (idsession: number): Promise<OkResponse> =>
    apiRequest('delsession', { method: 'POST', body: { idsession }, schema: okResponse }),

  /** Loaded in a hidden frame, not fetched: the browser must store the HttpOnly cookie itself. */
  setCookieUrl: (token: string): string => apiUrl('setcookie', { 'api-token': token }),
};
