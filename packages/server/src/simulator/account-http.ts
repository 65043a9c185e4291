import { storedDeviceBody, type Device, type DeviceConn, type DeviceSaved, type LoginResponse, type Lote, type Nucleo, type Padrao, type Silo, type UpdateDeviceBody } from '@portal/shared';
import type { AccountSnapshot } from './plan.js';
import type { DeviceLogin } from './runner.js';

/** A call the portal answered with anything but 200/201. */
export class PortalCallError extends Error {
  constructor(
    readonly call: string,
    readonly status: number,
    body: string,
  ) {
    super(`${call} answered ${status}: ${body.slice(0, 300)}`);
  }
}

/** A signed-in client of the portal's HTTP API (bearer token: no anti-forgery header needed). */
export async function signIn(baseUrl: string, email: string, password: string) {
  const root = baseUrl.replace(/\/$/, '');
  const call = async <T>(method: 'GET' | 'POST', name: string, body?: unknown, token?: string): Promise<T> => {
    const response = await fetch(`${root}/api/${name}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (response.status !== 200 && response.status !== 201) throw new PortalCallError(name.split('?')[0]!, response.status, text);
    return JSON.parse(text) as T;
  };
  const login = await call<LoginResponse>('POST', 'login', { email, password });
  return {
    user: login.user,
    call: <T>(method: 'GET' | 'POST', name: string, body?: unknown) => call<T>(method, name, body, login.token),
  };
}

export interface HttpAccount {
  snapshot: AccountSnapshot;
  logins: Map<number, DeviceLogin>;
  /** Where getdevice_conn says the devices' broker is (the first device's answer). */
  broker: { host: string; porta: number } | null;
}

/**
 * Everything the simulator needs from an account, over the API: its devices, each given a NEW
 * secret (updatedevice with renovar_credencial, which replaces the one the real device holds),
 * the broker address (getdevice_conn), and farms, flocks, standards and silos for the curves.
 */
export async function loadAccountOverHttp(baseUrl: string, email: string, password: string): Promise<HttpAccount> {
  const { user, call } = await signIn(baseUrl, email, password);
  const devices = await call<Device[]>('GET', 'getdevice');
  const logins = new Map<number, DeviceLogin>();
  let broker: HttpAccount['broker'] = null;
  for (const device of devices) {
    const body: UpdateDeviceBody = { ...storedDeviceBody(device), renovar_credencial: true };
    const saved = await call<DeviceSaved>('POST', 'updatedevice', body);
    const conn = await call<DeviceConn>('GET', `getdevice_conn?id=${device.id}`);
    broker ??= { host: conn.host, porta: conn.porta };
    if (saved.credencial) logins.set(device.id, { ...saved.credencial, client_id: conn.client_id });
  }
  const [nucleos, lotes, padroes, silos] = await Promise.all([
    call<Nucleo[]>('GET', 'getnucleo'),
    call<Lote[]>('GET', 'getlote'),
    call<Padrao[]>('GET', 'getpadrao'),
    call<Silo[]>('GET', 'getsilo'),
  ]);
  return { snapshot: { timezone: user.timezone, devices, nucleos, lotes, padroes, silos }, logins, broker };
}
