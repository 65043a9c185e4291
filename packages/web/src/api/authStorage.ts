/**
 * The session kept on this device (spec section 4): a logged flag and the bearer token.
 * Kept apart from React so the API client can read and clear it on a 401.
 */
const TOKEN_KEY = 'api-token';
const LOGGED_KEY = 'logged';

const listeners = new Set<() => void>();

/** Lets React re-render when the session changes here or in another tab. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

const notify = () => listeners.forEach((listener) => listener());

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return read(TOKEN_KEY);
}

export function isLogged(): boolean {
  return read(LOGGED_KEY) === 'T' && getToken() !== null;
}

export function storeSession(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(LOGGED_KEY, 'T');
  notify();
}

export function clearSession(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.setItem(LOGGED_KEY, 'F');
  } catch {
    // Nothing stored to clear.
  }
  notify();
}
