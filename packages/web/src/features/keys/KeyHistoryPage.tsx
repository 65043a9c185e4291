import { Badge, Group, Select, Stack, Text } from '@mantine/core';
import { IconFilter, IconHistory } from '@tabler/icons-react';
import type { ChaveUso } from '@portal/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { ListEmpty, ListTable, listStatus, useListParams, type RecordColumn } from '../records/ListTable';
import { useOwner } from '../records/owner';
import { OwnerOnlyNotice } from '../records/OwnerOnlyNotice';
import { OwnerPicker } from '../records/OwnerPicker';
import { useWhen } from '../records/when';
import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { useScreenHeading } from '../../components/screens/useScreenHeading';
import { useKeyHistory, useKeyList } from './api';

const ACTION_COLOR: Record<ChaveUso['acao'], string> = { dispositivo_registrado: 'field', integracao_acesso: 'blue', recusada: 'red' };

/**
 * chaves/historico: every use of the owner's keys, newest first: when (in the reader's language),
 * which key, what happened, the detail, the address and the user's e-mail; filtered by key
 * (?chave=<id>). Test ids: ListTable's (`record-table`, `record-row`, `record-empty` …),
 * `key-history-filter`, `key-use-action` (with `data-action`).
 */
export default function KeyHistoryPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const heading = useScreenHeading(route);
  const owner = useOwner();
  const when = useWhen();
  const params = useListParams();
  const keys = useKeyList();
  const chosen = Number(params.get('chave'));
  const idchave = Number.isInteger(chosen) && chosen > 0 ? chosen : null;
  const history = useKeyHistory(idchave, !owner.isOther);

  const action = (use: ChaveUso) => (
    <Badge variant="light" color={ACTION_COLOR[use.acao]} tt="none" size="md" data-testid="key-use-action" data-action={use.acao}>
      {t(`keys.acao.${use.acao}`)}
    </Badge>
  );

  const columns: RecordColumn<ChaveUso>[] = [
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
  else {
    const empty = (
      <ListEmpty icon={IconHistory} title={t(idchave === null ? 'keys.history.emptyTitle' : 'keys.history.emptyKeyTitle')} hint={t('keys.history.emptyHint')} />
    );
    body = listStatus(history, empty) ?? (
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
      {...heading}
      actions={<OwnerPicker owner={owner} />}
    >
      {!owner.isOther && (keys.data?.length ?? 0) > 0 && (
        <Select
          aria-label={t('keys.history.filter')}
          placeholder={t('keys.history.allKeys')}
          data={(keys.data ?? []).map((chave) => ({ value: String(chave.id), label: `${chave.descricao} (${chave.inicio}…)` }))}
          value={idchave === null ? null : String(idchave)}
          onChange={(value) => params.set({ chave: value })}
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
