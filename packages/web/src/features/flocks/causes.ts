import type { TFunction } from 'i18next';
import { CAUSA_SEM_CAUSA, CAUSAS_MORTALIDADE_PADRAO } from '@portal/shared';

/** The codes the portal translates: the account's default causes and the migrated "no cause". */
export const TRANSLATED_CAUSES: readonly string[] = [...CAUSAS_MORTALIDADE_PADRAO, CAUSA_SEM_CAUSA];

export const isDefaultCause = (code: string): boolean => TRANSLATED_CAUSES.includes(code);

/**
 * A cause of death as shown: a default code in the interface language (keys `flocks.causes.<code>`),
 * a cause the account typed itself exactly as typed.
 */
export function causeLabel(t: TFunction, code: string): string {
  return isDefaultCause(code) ? t(`flocks.causes.${code}`) : code;
}
