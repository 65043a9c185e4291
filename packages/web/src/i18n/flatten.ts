/** Locale files as flat `a.b.c` → text maps, for comparing them in tests. */
export type LocaleTree = { [key: string]: string | LocaleTree };

export function flatten(tree: LocaleTree, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(path, value);
    else for (const [inner, text] of flatten(value, path)) flat.set(inner, text);
  }
  return flat;
}

/** The `{{name}}` placeholders of a text, sorted. */
export const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
