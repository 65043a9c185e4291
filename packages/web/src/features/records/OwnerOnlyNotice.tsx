import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NoticePanel } from './NoticePanel';
import type { OwnerState } from './owner';

/**
 * Keys and integration settings stay with their owner whatever a grant says (the server answers
 * FORBIDDEN): while acting for another owner, say so and offer the way back to one's own data
 * instead of an error. Test ids `owner-only`, `owner-only-self`.
 */
export function OwnerOnlyNotice({ owner, text }: { owner: OwnerState; text: string }) {
  const { t } = useTranslation();
  const self = owner.owners.find((entry) => entry.nivel === 'proprietario');
  return (
    <NoticePanel
      icon={IconLock}
      color="gray"
      maw={520}
      title={t('records.owner.onlyTitle', { name: owner.owner?.nome ?? '' })}
      text={text}
      testId="owner-only"
      action={
        self && (
          <Button variant="light" onClick={() => owner.choose(self.id)} data-testid="owner-only-self">
            {t('records.owner.useOwnData')}
          </Button>
        )
      }
    />
  );
}
