import type { FastifyRequest } from 'fastify';

export type PageVerdict = { own: true } | { own: false; reason: string };

const originOf = (url: string): string | undefined => {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
};

const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/**
 * Whether a browser request was made by one of the portal's own pages, for the few GET calls that
 * change state on their own (setcookie): another site must not be able to trigger them.
 *
 * - `Sec-Fetch-Site` (fetch metadata) first, which no page can forge: only `same-origin` passes.
 *   `same-site` is a sibling host (another application on the same domain); `cross-site` is another
 *   site; `none` is a navigation no page started — typed, a bookmark, or a link opened from a mail or
 *   chat program, which is just how a planted link arrives. The portal itself never causes `none`.
 * - Browsers send fetch metadata only to HTTPS and localhost: Chromium on a plain-HTTP farm network
 *   (http://192.168.1.10) sends none, nor do older browsers. Then the `Origin`, else the `Referer`,
 *   must be PUBLIC_URL's origin or the origin the request was addressed to (its Host), so an install
 *   opened by IP address without PUBLIC_URL keeps working. A page of another site cannot make the
 *   browser name the portal's origin there; the portal's own pages send it (Referrer-Policy: same-origin).
 * - None of the three: refused. A request with no trace of where it came from is not the portal's frame.
 */
export function pageVerdict(request: FastifyRequest, publicUrl: string): PageVerdict {
  const site = single(request.headers['sec-fetch-site']);
  if (site !== undefined) return site === 'same-origin' ? { own: true } : { own: false, reason: `Sec-Fetch-Site is ${site}` };
  const expected = [originOf(publicUrl), originOf(`${request.protocol}://${request.host}`)].filter((origin) => origin !== undefined);
  for (const header of ['origin', 'referer'] as const) {
    const value = single(request.headers[header]);
    if (value === undefined) continue;
    const origin = originOf(value);
    return origin !== undefined && expected.includes(origin)
      ? { own: true }
      : { own: false, reason: `${header} ${origin ?? 'unreadable'} is neither PUBLIC_URL's origin nor the request's own (${expected.join(', ')})` };
  }
  return { own: false, reason: 'no Sec-Fetch-Site, Origin or Referer' };
}
