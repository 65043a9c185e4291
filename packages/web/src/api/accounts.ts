import type { LoginBody, LoginResponse, OkResponse, PasswordResetBody, RegisterBody, Session, UpdateUserBody, User } from '@portal/shared';
import { call, callUrl } from './client';

/** The account calls of the server, typed by the call table. */
export const accountsApi = {
  register: (body: RegisterBody): Promise<User> => call('register', { body }),

  login: (body: LoginBody): Promise<LoginResponse> => call('login', { body }),

  getUser: (): Promise<User> => call('getuser'),

  updateUser: (body: UpdateUserBody): Promise<User> => call('updateuser', { body }),

  recoverPassword: (email: string): Promise<OkResponse> => call('password_recover', { query: { email } }),

  resetPassword: (body: PasswordResetBody): Promise<OkResponse> => call('password_reset', { body }),

  logout: (): Promise<OkResponse> => call('logout'),

  getSessions: (): Promise<Session[]> => call('getsessions'),

  deleteSession: (idsession: number): Promise<OkResponse> => call('delsession', { body: { idsession } }),

  /** Loaded in a hidden frame, not fetched: the browser must store the HttpOnly cookie itself. */
  setCookieUrl: (token: string): string => callUrl('setcookie', { 'api-token': token }),
};
