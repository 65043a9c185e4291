import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { z } from 'zod';

/**
 * What a schema form checks, apart from its state (useSchemaForm in schemaForm.ts holds that).
 * Kept apart from the hook, which needs the browser's i18n, so a form's rules are tested in Node.
 */
export interface SchemaRules<V extends object> {
  schema: z.ZodType;
  /** The body the schema checks (and the screen sends). Emptied number inputs hold '': send NaN. */
  toBody: (values: V) => unknown;
  /** Rules the schema only checks once the fields parse, said at the same time (codes by path). */
  moreErrors?: (values: V) => Record<string, string>;
}

/** The value at a form path such as `aviarios.0.nome`, or undefined when there is none. */
export function valueAt(values: unknown, path: string): unknown {
  let node: unknown = values;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * The error codes by path that a form's values break: the schema's on their body, then
 * `moreErrors`. What useSchemaForm checks on submit; a form's tests call it with the form's rules.
 */
export function schemaErrors<V extends object>({ schema, toBody, moreErrors }: SchemaRules<V>, values: V): Record<string, string> {
  const errors = zod4Resolver(schema, { errorPriority: 'first' })(toBody(values) as Record<string, unknown>) as Record<string, string>;
  for (const [path, code] of Object.entries(moreErrors?.(values) ?? {})) errors[path] ??= code;
  // An emptied input holds '' (sent as NaN or as typed): that is a missing value, not a wrong one.
  for (const [path, code] of Object.entries(errors)) {
    const value = valueAt(values, path);
    if (code === 'FIELD_INVALID' && typeof value === 'string' && value.trim() === '') errors[path] = 'FIELD_REQUIRED';
  }
  return errors;
}
