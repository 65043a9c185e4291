import { Button, Code, Text } from '@mantine/core';
import { IconHistory, IconKey, IconPlus } from '@tabler/icons-react';
import type { Chave } from '@portal/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '../../components/PageFrame';
import { isoToMasked } from '../records/dates';
import { ListEmpty, ListTable, listStatus, type RecordColumn } from '../records/ListTable';
import { useOwner } from '../records/owner';
import { OwnerOnlyNotice } from '../records/OwnerOnlyNotice';
import { OwnerPicker } from '../records/OwnerPicker';
import { useWhen } from '../records/when';
import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { useScreenHeading } from '../../components/screens/useScreenHeading';
import { keyAddPath, keyHistoryPath, keyPath, useKeyList } from './api';
import { EscopoBadge, isExpired, StatusBadge, ValidUntil } from './KeyBadges';

/**
 * chaves: the owner's access keys: description, scope, first characters, valid until, active,
 * uses and last use; the history and add buttons in the header. Keys stay with their owner: while
 * acting for another owner the screen says so (`owner-only`). Test ids: ListTable's
 * (`record-table`, `record-row` …), `record-add`, `keys-history`, `key-start`.
 */
export default function KeysListPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const heading = useScreenHeading(route);
  const owner = useOwner();
  const list = useKeyList();
  const when = useWhen();

  const columns: RecordColumn<Chave>[] = [
    { accessor: 'descricao', title: t('keys.list.description') },
    {
      accessor: 'escopo',
      title: t('keys.list.scope'),
      secondary: true,
      noWrap: true,
      sortValue: (chave) => t(`keys.escopo.${chave.escopo}`),
      render: (chave) => <EscopoBadge escopo={chave.escopo} />,
    },
    {
      accessor: 'inicio',
      title: t('keys.list.start'),
      secondary: true,
      noWrap: true,
      render: (chave) => <Code data-testid="key-start">{`${chave.inicio}…`}</Code>,
    },
    {
      accessor: 'validade',
      title: t('keys.list.validUntil'),
      secondary: true,
      noWrap: true,
      render: (chave) => <ValidUntil validade={chave.validade} />,
    },
    {
      accessor: 'ativa',
      title: t('keys.list.active'),
      noWrap: true,
      sortValue: (chave) => (chave.ativa && !isExpired(chave.validade) ? 0 : 1),
      render: (chave) => <StatusBadge chave={chave} />,
    },
    { accessor: 'usos', title: t('keys.list.uses'), textAlign: 'right', secondary: true },
    {
      accessor: 'ultimo_uso',
      title: t('keys.list.lastUse'),
      secondary: true,
      noWrap: true,
      sortValue: (chave) => (chave.ultimo_uso ? Date.parse(chave.ultimo_uso) : null),
      render: (chave) =>
        chave.ultimo_uso ? (
          when.dateTime(chave.ultimo_uso)
        ) : (
          <Text span c="dimmed" size="sm">
            {t('keys.list.neverUsed')}
          </Text>
        ),
    },
  ];

  const addButton =
    owner.canWrite && !owner.isOther ? (
      <Button component={Link} to={keyAddPath} leftSection={<IconPlus size={20} />} data-testid="record-add">
        {t('keys.list.add')}
      </Button>
    ) : null;

  const all = list.data ?? [];
  let body: ReactNode;
  if (owner.isOther) body = <OwnerOnlyNotice owner={owner} text={t('keys.ownerOnly')} />;
  else {
    body = listStatus(list, <ListEmpty icon={IconKey} title={t('keys.list.emptyTitle')} hint={t('keys.list.emptyHint')} action={addButton} />) ?? (
      <ListTable
        records={all}
        total={all.length}
        columns={columns}
        rowPath={keyPath}
        rowSubtitle={(chave) => (
          <>
            {t(`keys.escopo.${chave.escopo}`)} · {`${chave.inicio}…`}
            <br />
            {t('keys.list.usesShort', { count: chave.usos })}
            {chave.validade ? ` · ${t('keys.list.validUntilShort', { date: isoToMasked(chave.validade) })}` : ''}
          </>
        )}
      />
    );
  }

  return (
    <PageFrame
      {...heading}
      actions={
        <>
          <OwnerPicker owner={owner} />
          {!owner.isOther && (
            <Button component={Link} to={keyHistoryPath()} variant="default" leftSection={<IconHistory size={20} />} data-testid="keys-history">
              {t('keys.list.history')}
            </Button>
          )}
          {!(list.isSuccess && all.length === 0) && addButton}
        </>
      }
    >
      {body}
    </PageFrame>
  );
}
