import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconPlus, IconShare, IconUsers } from '@tabler/icons-react';
import type { Permissao, Proprietario } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageFrame } from '../../components/PageFrame';
import { ListEmpty, ListTable, listStatus, type RecordColumn } from '../records/ListTable';
import { OWNERS_QUERY_KEY, useOwner } from '../records/owner';
import { RecordSection } from '../records/RecordFormPage';
import { useWhen } from '../records/when';
import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { useScreenHeading } from '../../components/screens/useScreenHeading';
import { permissionAddPath, permissionPath, usePermissions } from './api';
import { NivelBadge } from './NivelBadge';

type Grant = Permissao & { id: number };

/**
 * permissoes: the access I gave (who, level, over what) with the way to give more, and the
 * owners who gave access to me, each with a shortcut to their data (the same choice as the
 * owner picker of the record screens). Test ids: ListTable's (`record-table`, `record-row`
 * with `data-record-id` = iduser, `record-empty` …), `record-add`, `grant-scope`, `granted-owner`
 * (with `data-owner-id`), `granted-owner-open`, `granted-empty`.
 */
export default function PermissionsPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const heading = useScreenHeading(route);
  const grants = usePermissions();
  const when = useWhen();

  const scope = (grant: Permissao) =>
    grant.nucleos === null ? t('permissions.scope.all') : grant.nucleos.map((farm) => farm.nome || `#${farm.id}`).join(', ');

  const columns: RecordColumn<Grant>[] = [
    { accessor: 'nome', title: t('permissions.list.user') },
    { accessor: 'email', title: t('permissions.list.email'), secondary: true },
    {
      accessor: 'nivel',
      title: t('permissions.list.level'),
      noWrap: true,
      sortValue: (grant) => t(`permissions.nivel.${grant.nivel}`),
      render: (grant) => <NivelBadge nivel={grant.nivel} />,
    },
    {
      accessor: 'nucleos',
      title: t('permissions.list.scope'),
      secondary: true,
      sortValue: scope,
      render: (grant) => (
        <Text span size="sm" c={grant.nucleos === null ? undefined : 'dimmed'} data-testid="grant-scope">
          {scope(grant)}
        </Text>
      ),
    },
    { accessor: 'updated_at', title: t('permissions.list.updated'), secondary: true, noWrap: true, render: (grant) => when.dateTime(grant.updated_at) },
  ];

  const addButton = (
    <Button component={Link} to={permissionAddPath} leftSection={<IconPlus size={20} />} data-testid="record-add">
      {t('permissions.list.add')}
    </Button>
  );

  const all: Grant[] = (grants.data ?? []).map((grant) => ({ ...grant, id: grant.iduser }));
  const empty = <ListEmpty icon={IconShare} title={t('permissions.list.emptyTitle')} hint={t('permissions.list.emptyHint')} action={addButton} />;
  const given = listStatus(grants, empty) ?? (
    <ListTable
      records={all}
      total={all.length}
      columns={columns}
      rowPath={permissionPath}
      rowSubtitle={(grant) => (
        <>
          {grant.email}
          <br />
          {scope(grant)}
        </>
      )}
    />
  );

  return (
    <PageFrame
      {...heading}
      actions={grants.isSuccess && all.length === 0 ? null : addButton}
    >
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('permissions.list.givenTitle')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('permissions.list.givenHint')}
        </Text>
      </Stack>
      {given}
      <ReceivedCard />
    </PageFrame>
  );
}

/** Owners who let me see (or manage) their data, with their level and a way to open it. */
function ReceivedCard() {
  const { t } = useTranslation();
  const owner = useOwner();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The owners list is cached for every screen's owner picker; access given to me while I was signed
  // in must show here as soon as this screen opens.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: OWNERS_QUERY_KEY });
  }, [queryClient]);
  const received = owner.owners.filter((entry) => entry.nivel !== 'proprietario');

  const open = (entry: Proprietario) => {
    owner.choose(entry.id);
    navigate('/nucleos');
  };

  return (
    <RecordSection title={t('permissions.received.title')} description={t('permissions.received.hint')}>
      {received.length === 0 ? (
        <Text c="dimmed" data-testid="granted-empty">
          {t('permissions.received.empty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {received.map((entry) => (
            <Paper key={entry.id} withBorder radius="md" p="md" data-testid="granted-owner" data-owner-id={entry.id}>
              <Stack gap="xs">
                <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                      {entry.company ? t('records.owner.withCompany', { name: entry.nome, company: entry.company }) : entry.nome}
                    </Text>
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {entry.email}
                    </Text>
                  </div>
                  {entry.nivel !== 'proprietario' && <NivelBadge nivel={entry.nivel} />}
                </Group>
                <Group justify="space-between" gap="xs">
                  <Text size="sm">
                    {entry.nucleos === null ? t('permissions.received.all') : t('permissions.received.farms', { count: entry.nucleos.length })}
                  </Text>
                  <Button
                    variant="light"
                    size="sm"
                    rightSection={<IconArrowRight size={16} />}
                    onClick={() => open(entry)}
                    data-testid="granted-owner-open"
                  >
                    {owner.owner?.id === entry.id ? t('permissions.received.current') : t('permissions.received.open')}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      {received.length > 0 && (
        <Group gap={6} mt="md" c="dimmed" wrap="nowrap" align="flex-start">
          <IconUsers size={16} style={{ flex: 'none', marginTop: 2 }} />
          <Text size="sm" c="dimmed">
            {t('permissions.received.pickerHint')}
          </Text>
        </Group>
      )}
    </RecordSection>
  );
}
