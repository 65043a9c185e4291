/**
 * Which push endpoints the portal posts to. A browser's subscription names its push service's URL,
 * but push_subscribe takes that URL from the caller: without a check, anyone signed in could make
 * the portal post to an address of their choosing (an internal service behind it). Only the hosts
 * of PUSH_SERVICE_HOSTS (a listed host or any subdomain of it) are taken, over HTTPS; plain HTTP only
 * for a loopback host listed explicitly (tests, a local push service in development).
 */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export type PushEndpointCheck = (endpoint: string) => boolean;

export function pushEndpointCheck(hosts: readonly string[]): PushEndpointCheck {
  const allowed = hosts.map((host) => host.toLowerCase());
  return (endpoint) => {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return false;
    }
    const host = url.hostname.toLowerCase();
    const listed = allowed.some((entry) => host === entry || host.endsWith(`.${entry}`));
    if (!listed) return false;
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(host));
  };
}
