import type { ImportResponse } from '@portal/shared';

/** The form's choices a preview was made with: changing any of them may change what is refused. */
export interface ImportChoices {
  separator: string;
  decimal: string;
  createMissing: boolean;
}

/**
 * Rows that block 'Importar', or 0. An import is all or nothing (README, "Importing weighing
 * files"): while the preview on screen, made with the form's current choices, refuses rows, the
 * same import can only be refused (422 IMPORT_REJECTED). Choosing another file clears the preview;
 * other choices (separator, decimal mark, creating missing farms and flocks) may change the
 * verdict, so with them changed the button is offered again (and the server checks anyway).
 */
export function rowsBlockingImport(shown: ImportResponse | null, madeWith: ImportChoices | null, current: ImportChoices): number {
  if (!shown || !madeWith || shown.rejeitadasTotal === 0) return 0;
  const same = madeWith.separator === current.separator && madeWith.decimal === current.decimal && madeWith.createMissing === current.createMissing;
  return same ? shown.rejeitadasTotal : 0;
}
