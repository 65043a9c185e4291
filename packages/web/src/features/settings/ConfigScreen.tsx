import { Button, Drawer, SimpleGrid, Tabs, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlugConnected, IconPlus, IconSend, IconSettings } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useConfirmDelete } from '../../components/ConfirmDelete';
import { PageFrame } from '../../components/PageFrame';
import { ListEmpty, ListLoading, listStatus } from '../records/ListTable';
import { useOwner } from '../records/owner';
import { OwnerOnlyNotice } from '../records/OwnerOnlyNotice';
import { OwnerPicker } from '../records/OwnerPicker';
import { useRemoveRecord, type RecordApi } from '../records/recordApi';
import type { ScreenRoute } from '../../components/screens/ScreenFrame';
import { useScreenHeading } from '../../components/screens/useScreenHeading';
import { ConfigCard } from './ConfigCard';
import { ConfigForm } from './ConfigForm';
import type { AnyConfig, ConfigKind } from './configApi';
import { EnviosPanel } from './EnviosPanel';
import { SecretModal } from './SecretModal';

interface ConfigScreenProps<T extends AnyConfig, B extends z.ZodType> {
  route: ScreenRoute;
  kind: ConfigKind;
  api: RecordApi<T, B>;
}

type DrawerTab = 'settings' | 'envios';
/** null: closed; 'new': adding; else the configuration open on one of its tabs. */
type Editing<T> = null | 'new' | { config: T; tab: DrawerTab };

/**
 * integracao and mtech, each one screen: the owner's settings as cards and a drawer to add one or,
 * for a saved one, to edit it (tab `settings`) or follow its export (tab `envios`: state, next run,
 * cursors, "Enviar agora", "Reenviar desde", "Novo segredo", the runs). Right after creating, the
 * signing secret is shown once. Settings stay with their owner: while acting for another owner the
 * screen explains it (the server would answer FORBIDDEN). Test ids: `record-add`, `config-drawer-tab-<tab>`,
 * `config-form`, `field-<name>` (`field-sistema` on integracao, `field-empresa` on mtech),
 * `config-save`, `config-cancel`, `record-message`, `record-empty`, `owner-only`, and those of
 * ConfigCard, SecretModal and EnviosPanel.
 */
export function ConfigScreen<T extends AnyConfig, B extends z.ZodType>({ route, kind, api }: ConfigScreenProps<T, B>) {
  const { t } = useTranslation();
  const heading = useScreenHeading(route);
  const owner = useOwner();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const list = useQuery({
    queryKey: api.keys.list(owner.prop),
    queryFn: () => api.list(owner.prop),
    enabled: owner.ready && !owner.isOther,
  });
  const remove = useRemoveRecord(api);
  const askConfirm = useConfirmDelete();
  const [editing, setEditing] = useState<Editing<T>>(null);
  // The signing secret of the configuration just created: shown once, then forgotten.
  const [secret, setSecret] = useState<string | null>(null);

  const askDelete = (config: T) =>
    askConfirm({
      itemName: t(`settings.${kind}.itemName`, { name: config.nome }),
      onConfirm: () => remove.mutateAsync(config.id),
      onDeleted: () => setEditing(null),
    });

  const addButton = (
    <Button leftSection={<IconPlus size={20} />} onClick={() => setEditing('new')} data-testid="record-add">
      {t(`settings.${kind}.add`)}
    </Button>
  );

  const all = list.data ?? [];
  let body: ReactNode;
  if (owner.isOther) body = <OwnerOnlyNotice owner={owner} text={t('settings.ownerOnly')} />;
  else if (!owner.ready) body = <ListLoading />;
  else {
    const empty = <ListEmpty icon={IconPlugConnected} title={t(`settings.${kind}.emptyTitle`)} hint={t(`settings.${kind}.emptyHint`)} action={addButton} />;
    body = listStatus(list, empty) ?? (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {[...all]
          .sort((a, b) => a.nome.localeCompare(b.nome))
          .map((config) => (
            <ConfigCard
              key={config.id}
              kind={kind}
              config={config}
              onEdit={() => setEditing({ config, tab: 'settings' })}
              onEnvios={() => setEditing({ config, tab: 'envios' })}
              onDelete={() => askDelete(config)}
            />
          ))}
      </SimpleGrid>
    );
  }

  const open = editing === 'new' || editing === null ? undefined : editing;
  // The listed copy is the freshest (a run may have paused it since the drawer opened).
  const current = open ? (all.find((config) => config.id === open.config.id) ?? open.config) : undefined;
  return (
    <PageFrame
      {...heading}
      actions={
        <>
          <OwnerPicker owner={owner} />
          {!owner.isOther && !(list.isSuccess && all.length === 0) && addButton}
        </>
      }
    >
      {body}
      <Drawer
        opened={editing !== null}
        onClose={() => setEditing(null)}
        position="right"
        size={phone ? '100%' : open?.tab === 'envios' ? 'xl' : 'lg'}
        title={
          <Title order={2} size="h4">
            {current ? t(`settings.${kind}.editTitle`, { name: current.nome }) : t(`settings.${kind}.newTitle`)}
          </Title>
        }
      >
        {editing === 'new' && (
          <ConfigForm
            kind={kind}
            api={api}
            onCancel={() => setEditing(null)}
            onSaved={(saved) => {
              setEditing(null);
              if (saved.segredo) setSecret(saved.segredo);
            }}
          />
        )}
        {open && current && (
          <Tabs value={open.tab} onChange={(tab) => tab && setEditing({ config: open.config, tab: tab as DrawerTab })} keepMounted={false}>
            <Tabs.List grow mb="md">
              <Tabs.Tab value="settings" leftSection={<IconSettings size={16} />} data-testid="config-drawer-tab-settings">
                {t('settings.tabs.settings')}
              </Tabs.Tab>
              <Tabs.Tab value="envios" leftSection={<IconSend size={16} />} data-testid="config-drawer-tab-envios">
                {t('settings.envios.tab')}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="settings">
              <ConfigForm key={current.id} kind={kind} api={api} config={current} onCancel={() => setEditing(null)} onSaved={() => setEditing(null)} />
            </Tabs.Panel>
            <Tabs.Panel value="envios">
              <EnviosPanel configRef={{ tipo: kind, id: current.id, prop: owner.prop }} config={current} cards={phone} />
            </Tabs.Panel>
          </Tabs>
        )}
      </Drawer>
      <SecretModal secret={secret} onDone={() => setSecret(null)} />
    </PageFrame>
  );
}
