import { Button, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconApi, IconPlus } from '@tabler/icons-react';
import type { TokenApi } from '@portal/shared';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { useScreenHeading } from '../../components/screens/useScreenHeading';
import { useFarmOptions } from '../records/links';
import { ListEmpty, listStatus } from '../records/ListTable';
import { useOwner } from '../records/owner';
import { OwnerOnlyNotice } from '../records/OwnerOnlyNotice';
import { OwnerPicker } from '../records/OwnerPicker';
import { useApiTokens } from './api';
import { CreateTokenModal } from './CreateTokenModal';
import { RevokeTokenModal } from './RevokeTokenModal';
import { TokenList } from './TokenList';
import { sortTokens } from './tokenForm';

/** Below Mantine's md breakpoint the seven columns do not fit: cards instead. */
const NARROW = '(max-width: 61.99em)';

/**
 * tokens: the owner's API tokens for machine clients (another system reading the account's data
 * without a person's password): name, scope, farms, last day, last use and state; create in a
 * dialog that shows the token once; revoke after a question. Tokens stay with their owner: while
 * acting for another owner the screen says so (`owner-only`) instead of the form. Test ids:
 * `token-add`, `token-intro`, TokenList's, `record-empty`, `record-loading`, `record-error`.
 */
export default function ApiTokensPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const heading = useScreenHeading(route);
  const owner = useOwner();
  const list = useApiTokens();
  const farms = useFarmOptions();
  const cards = useMediaQuery(NARROW, undefined, { getInitialValueInEffect: false }) ?? false;
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<TokenApi | null>(null);
  const tokens = useMemo(() => sortTokens(list.data ?? []), [list.data]);

  const addButton = owner.isOther ? null : (
    <Button leftSection={<IconPlus size={20} />} onClick={() => setCreating(true)} data-testid="token-add">
      {t('apiTokens.list.add')}
    </Button>
  );

  let body: ReactNode;
  if (owner.isOther) body = <OwnerOnlyNotice owner={owner} text={t('apiTokens.ownerOnly')} />;
  else {
    body = (
      <Stack gap="md">
        <Text c="dimmed" size="sm" maw={760} data-testid="token-intro">
          {t('apiTokens.intro')}
        </Text>
        {listStatus(list, <ListEmpty icon={IconApi} title={t('apiTokens.list.emptyTitle')} hint={t('apiTokens.list.emptyHint')} action={addButton} />) ?? (
          <TokenList tokens={tokens} farms={farms.farms} cards={cards} onRevoke={setRevoking} />
        )}
      </Stack>
    );
  }

  return (
    <PageFrame
      {...heading}
      actions={
        <>
          <OwnerPicker owner={owner} />
          {!(list.isSuccess && tokens.length === 0) && addButton}
        </>
      }
    >
      {body}
      {creating && <CreateTokenModal farms={farms.options} onClose={() => setCreating(false)} />}
      {revoking && <RevokeTokenModal token={revoking} onClose={() => setRevoking(null)} />}
    </PageFrame>
  );
}
