/**
 * A picture's address as the server gives it ('/img_cs/12'), made relative to the page like the
 * API's, so it works wherever the portal is mounted (the browser sends the session cookie).
 * http(s) addresses stay; any other scheme (javascript:, data:) a device might send gives null.
 */
export function pictureSrc(url: string): string | null {
  const trimmed = url.trim();
  if (trimmed === '') return null;
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('//')) return null;
  return trimmed.replace(/^\/+/, '');
}

/** A picture request's id ('pedido' of the live channel: [A-Za-z0-9_-], at most 40). */
export function newPedido(): string {
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  return `web-${[...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** Picture size for people: bytes, KB or MB, one decimal, in the interface's number format. */
export function pictureSize(bytes: number, format: (value: number, digits?: number) => string): string {
  if (bytes < 1024) return `${format(bytes, 0)} B`;
  if (bytes < 1024 * 1024) return `${format(bytes / 1024, 1)} KB`;
  return `${format(bytes / (1024 * 1024), 1)} MB`;
}
