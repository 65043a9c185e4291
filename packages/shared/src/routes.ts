/** Hash routes of section 2 that never become the page to return to after login. */
const NEVER_RETURN_TO = [/^\/login(\/|\?|$)/, /^\/cadastro(\/|\?|$)/, /^\/signup(\/|\?|$)/, /^\/recuperar(\/|\?|$)/];

export const DEFAULT_LANDING = '/dashboard';

/** The page to go to after login: the saved one when it is a safe in-app path, else /dashboard. */
export function returnTarget(saved: string | null | undefined): string {
  if (!saved || !saved.startsWith('/') || saved.startsWith('//')) return DEFAULT_LANDING;
  if (NEVER_RETURN_TO.some((pattern) => pattern.test(saved))) return DEFAULT_LANDING;
  return saved;
}
