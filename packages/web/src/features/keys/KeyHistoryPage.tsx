import { Badge, Group, Select, Stack, Text } from '@mantine/core';
import { IconFilter, IconHistory } from '@tabler/icons-react';
import type { ChaveUso } from '@portal/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../components/PageFrame';
import { ListEmpty, ListError, ListLoading, ListTable, type ListColumn } from '../devices/kit/ListTable';
import { OwnerOnlyNotice } from '../devices/kit/OwnerOnlyNotice';
import { useWhen } from '../devices/kit/when';
import { useOwner } from '../records/owner';
import { OwnerPicker } from '../records/OwnerPicker';
import type { ScreenProps } from '../screens/ScreenFrame';
import { useScreenHeading } from '../screens/useScreenHeading';
import { useKeyHistory, useKeyList } from './api';

const ACTION_COLOR: Record<ChaveUso['acao'], string> = { dispositivo_registrado: 'field', integracao_acesso: 'blue', recusada: 'red' };

/**
 * chaves/historico: every use of the owner's keys, newest first: when (in the reader's language),
 * which key, what happened, the detail, the address and the user's e-mail; filtered by key
 * (?chave=<id>). Test ids: the list kit's (`record-table`, `record-row`, `record-empty` …),
 * `key-history-filter`, `key-use-action` (with `data-action`).
 */
export default function KeyHistoryPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const heading = useScreenHeading(route);
  const owner = useOwner();
  const when = useWhen();
  const [params, setParams] = useSearchParams();
  const keys = useKeyList();
  const chosen = Number(params.get('chave'));
  const idchave = Number.isInteger(chosen) && chosen > 0 ? chosen : null;
  const history = useKeyHistory(idchave, !owner.isOther);

  const setKey = (value: string | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set('chave', value);
        else next.delete('chave');
        return next;
      },
      { replace: true },
    );

  const action = (use: ChaveUso) => (
    <Badge variant="light" color={ACTION_COLOR[use.acao]} tt="none" size="md" data-testid="key-use-action" data-action={use.acao}>
      {t(`keys.acao.${use.acao}`)}
    </Badge>
  );

  const columns: ListColumn<ChaveUso>[] = [
    { accessor: 'data', title: t('keys.history.when'), noWrap: true, sortValue: (use) => Date.parse(use.data), render: (use) => when.dateTime(use.data) },
    { accessor: 'descricao', title: t('keys.history.key'), secondary: true },
    { accessor: 'acao', title: t('keys.history.action'), secondary: true, noWrap: true, sortValue: (use) => t(`keys.acao.${use.acao}`), render: action },
    { accessor: 'detalhe', title: t('keys.history.detail'), secondary: true },
    { accessor: 'ip', title: t('keys.history.ip'), secondary: true, noWrap: true },
    {
      accessor: 'user_email',
      title: t('keys.history.user'),
      secondary: true,
      render: (use) =>
        use.user_email ?? (
          <Text span c="dimmed" size="sm">
            {t('keys.history.noUser')}
          </Text>
        ),
    },
  ];

  const all = history.data ?? [];
  let body: ReactNode;
  if (owner.isOther) body = <OwnerOnlyNotice owner={owner} text={t('keys.ownerOnly')} />;
  else if (history.isPending) body = <ListLoading />;
  else if (history.isError) body = <ListError error={history.error} onRetry={() => void history.refetch()} retrying={history.isFetching} />;
  else if (all.length === 0) {
    body = (
      <ListEmpty
        icon={IconHistory}
        title={t(idchave === null ? 'keys.history.emptyTitle' : 'keys.history.emptyKeyTitle')}
        hint={t('keys.history.emptyHint')}
      />
    );
  } else {
    body = (
      <ListTable
        records={all}
        total={all.length}
        columns={columns}
        sortBy="data"
        sortDirection="desc"
        rowSubtitle={(use) => (
          <Stack gap={4} mt={4}>
            <Group gap={6}>
              {action(use)}
              <Text span size="sm" fw={600} c="dark">
                {use.descricao}
              </Text>
            </Group>
            {use.detalhe && <span>{use.detalhe}</span>}
            <span>{[use.user_email, use.ip].filter(Boolean).join(' · ')}</span>
          </Stack>
        )}
      />
    );
  }

  return (
    <PageFrame
      title={heading.title}
      description={heading.description}
      crumbs={heading.crumbs}
      backTo={heading.backTo}
      actions={<OwnerPicker owner={owner} />}
    >
      {!owner.isOther && (keys.data?.length ?? 0) > 0 && (
        <Select
          aria-label={t('keys.history.filter')}
          placeholder={t('keys.history.allKeys')}
          data={(keys.data ?? []).map((chave) => ({ value: String(chave.id), label: `${chave.descricao} (${chave.inicio}…)` }))}
          value={idchave === null ? null : String(idchave)}
          onChange={setKey}
          clearable
          searchable
          leftSection={<IconFilter size={18} />}
          maw={{ base: '100%', sm: 420 }}
          comboboxProps={{ withinPortal: true }}
          data-testid="key-history-filter"
        />
      )}
      {body}
    </PageFrame>
  );
}
