/**
 * Date mask of section 5 for dd/mm/yyyy typed by hand: doubled slashes are removed, a slash
 * follows a two-digit day and a two-digit month, and the year keeps at most 4 characters.
 * `previous` is the value before this keystroke: when the user is deleting, no slash is added
 * back, so a trailing slash can be erased.
 */
export function maskDate(input: string, previous = ''): string {
  const segments: string[] = [''];
  for (const ch of input) {
    let index = segments.length - 1;
    if (ch >= '0' && ch <= '9') {
      if (index < 2 && segments[index]!.length === 2) {
        segments.push('');
        index += 1;
      }
      if (index === 2 && segments[2]!.length >= 4) continue;
      segments[index] += ch;
    } else if (ch === '/' && index < 2 && segments[index]!.length > 0) {
      segments.push('');
    }
  }
  let out = segments.join('/');
  const last = segments.length - 1;
  const deleting = input.length < previous.length;
  if (!deleting && last < 2 && segments[last]!.length === 2) out += '/';
  return out;
}
