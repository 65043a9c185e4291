import { Badge } from '@mantine/core';
import type { Lote } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { ageText } from './age';

/** The flock's status and age beside its title (its page and its form). Test ids `flock-status`, `flock-age`. */
export function FlockBadges({ flock }: { flock: Pick<Lote, 'situacao' | 'idade'> }) {
  const { t } = useTranslation();
  return (
    <>
      <Badge variant="light" size="lg" tt="none" color={flock.situacao === 'ativo' ? 'field' : 'gray'} data-testid="flock-status">
        {t(`flocks.situacao.${flock.situacao}`)}
      </Badge>
      <Badge variant="light" size="lg" tt="none" color={flock.idade === null ? 'orange' : 'blue'} data-testid="flock-age">
        {flock.idade === null ? t('flocks.list.dateMissing') : ageText(t, flock.idade)}
      </Badge>
    </>
  );
}
