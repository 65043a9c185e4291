import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A code that already names itself a flock: 'Lote 101', 'LOTE-7', 'Lote101', 'Flock 3', 'Lot 9'
 * (the word, then anything but a letter). 'Loteamento 2' is not one.
 */
const NAMES_ITSELF = /^(lote|flock|lot)(?!\p{L})/iu;

/**
 * How a flock is titled (its page, breadcrumbs, dashboard tiles, the feed report's line): the
 * interface's 'Lote {{code}}' around its code, unless the code already starts with the word —
 * many farms code their flocks 'Lote 101', which must not read 'Lote Lote 101'.
 * `prefixed` writes the translated 'Lote …' around a code.
 */
export function flockTitle(codigo: string, prefixed: (code: string) => string): string {
  const code = codigo.trim();
  return NAMES_ITSELF.test(code) ? code : prefixed(code);
}

/** flockTitle in the interface language (flocks.form.titleOf). */
export function useFlockTitle(): (codigo: string) => string {
  const { t } = useTranslation();
  return useCallback((codigo: string) => flockTitle(codigo, (code) => t('flocks.form.titleOf', { code })), [t]);
}
