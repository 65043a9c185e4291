import {
  Badge,
  Box,
  Button,
  Checkbox,
  Code,
  Drawer,
  Group,
  Paper,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconLock, IconLockOpen, IconPencil, IconPlugConnected, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { AGENDAS, DADOS_INTEGRACAO } from '@portal/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useConfirmDelete } from '../../components/ConfirmDelete';
import { PageFrame } from '../../components/PageFrame';
import { ListEmpty, ListLoading, listStatus } from '../records/ListTable';
import { useOwner } from '../records/owner';
import { OwnerOnlyNotice } from '../records/OwnerOnlyNotice';
import { OwnerPicker } from '../records/OwnerPicker';
import { useRemoveRecord, useSaveRecord, type RecordApi, type RecordBody } from '../records/recordApi';
import { SaveBar, SaveButton } from '../records/RecordFormPage';
import { useSchemaForm } from '../records/schemaForm';
import { useWhen } from '../records/when';
import type { ScreenRoute } from '../../components/screens/ScreenFrame';
import { useScreenHeading } from '../../components/screens/useScreenHeading';
import type { AnyConfig } from './configApi';

type Agenda = (typeof AGENDAS)[number];
type Dado = (typeof DADOS_INTEGRACAO)[number];

/** integracao names the other system (sistema); mtech the company code there (empresa). */
export type ConfigKind = 'integracao' | 'mtech';
const EXTRA = { integracao: 'sistema', mtech: 'empresa' } as const;

interface ConfigValues {
  nome: string;
  /** The other system (integracao) or the company code at Mtech (mtech); one of them is used. */
  sistema: string;
  empresa: string;
  endpoint: string;
  usuario: string;
  /** Typed only to set or replace the password; empty keeps the stored one. */
  senha: string;
  agenda: Agenda;
  hora: string;
  dados: Dado[];
  ativo: boolean;
}

const extraOf = (config: AnyConfig) => ('sistema' in config ? config.sistema : config.empresa);

const configValues = (config?: AnyConfig): ConfigValues => ({
  nome: config?.nome ?? '',
  sistema: config && 'sistema' in config ? config.sistema : '',
  empresa: config && 'empresa' in config ? config.empresa : '',
  endpoint: config?.endpoint ?? 'https://',
  usuario: config?.usuario ?? '',
  // The stored password never comes back: the field always starts empty.
  senha: '',
  agenda: config?.agenda ?? 'manual',
  hora: config?.hora ?? '',
  dados: config?.dados ?? [],
  ativo: config?.ativo ?? true,
});

function configBody(kind: ConfigKind, values: ConfigValues) {
  return {
    nome: values.nome,
    ...(kind === 'integracao' ? { sistema: values.sistema } : { empresa: values.empresa }),
    endpoint: values.endpoint,
    usuario: values.usuario,
    // Left out when empty: the server keeps the stored password (or stores none).
    ...(values.senha === '' ? {} : { senha: values.senha }),
    agenda: values.agenda,
    hora: values.agenda === 'diaria' ? values.hora || null : null,
    dados: values.dados,
    ativo: values.ativo,
  };
}

/** HH:MM as typed: digits only, the colon added after the hour. */
function maskTime(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

interface ConfigScreenProps<T extends AnyConfig, B extends z.ZodType> {
  route: ScreenRoute;
  kind: ConfigKind;
  api: RecordApi<T, B>;
}

/**
 * integracao and mtech, each one screen: the owner's settings as cards (name, system or company
 * code, address, user, whether a password is stored, schedule, data exchanged, active) and an
 * add/edit form in a drawer. The password is never shown: on edit, empty keeps the stored one.
 * Settings stay with their owner: while acting for another owner the screen explains it
 * (the server would answer FORBIDDEN). Test ids: `record-add`, `config-card` (with
 * `data-record-id`), `config-edit`, `config-delete`, `config-password-stored`, `config-form`,
 * `field-<name>` (`field-sistema` on integracao, `field-empresa` on mtech), `config-save`, `config-cancel`,
 * `record-message`, `record-empty`, `owner-only`.
 */
export function ConfigScreen<T extends AnyConfig, B extends z.ZodType>({ route, kind, api }: ConfigScreenProps<T, B>) {
  const { t } = useTranslation();
  const heading = useScreenHeading(route);
  const owner = useOwner();
  const phone = useMediaQuery('(max-width: 48em)');
  const list = useQuery({
    queryKey: api.keys.list(owner.prop),
    queryFn: () => api.list(owner.prop),
    enabled: owner.ready && !owner.isOther,
  });
  const remove = useRemoveRecord(api);
  const askConfirm = useConfirmDelete();
  // null: closed; 'new': adding; a config: editing it.
  const [editing, setEditing] = useState<T | 'new' | null>(null);

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
            <ConfigCard key={config.id} kind={kind} config={config} onEdit={() => setEditing(config)} onDelete={() => askDelete(config)} />
          ))}
      </SimpleGrid>
    );
  }

  const editingConfig = editing === 'new' ? undefined : (editing ?? undefined);
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
        size={phone ? '100%' : 'lg'}
        title={
          <Title order={2} size="h4">
            {editingConfig ? t(`settings.${kind}.editTitle`, { name: editingConfig.nome }) : t(`settings.${kind}.newTitle`)}
          </Title>
        }
      >
        {editing !== null && (
          <ConfigForm key={editingConfig?.id ?? 'new'} kind={kind} api={api} config={editingConfig} onDone={() => setEditing(null)} />
        )}
      </Drawer>
    </PageFrame>
  );
}

function ConfigCard<T extends AnyConfig>({ kind, config, onEdit, onDelete }: { kind: ConfigKind; config: T; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const when = useWhen();
  const schedule = config.agenda === 'diaria' && config.hora ? t('settings.agenda.dailyAt', { time: config.hora }) : t(`settings.agenda.${config.agenda}`);
  return (
    <Paper withBorder radius="lg" p="md" data-testid="config-card" data-record-id={config.id}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Box miw={0}>
            <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }} data-testid="config-name">
              {config.nome}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`settings.${kind}.extra`)}: {extraOf(config)}
            </Text>
          </Box>
          <Badge variant="light" color={config.ativo ? 'field' : 'gray'} tt="none" size="md" style={{ flex: 'none' }} data-testid="config-active">
            {t(config.ativo ? 'settings.active' : 'settings.inactive')}
          </Badge>
        </Group>
        <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid="config-endpoint">
          {config.endpoint}
        </Code>
        <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
          <Box>
            <Text size="xs" c="dimmed">
              {t('settings.form.user')}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {config.usuario || t('settings.none')}
            </Text>
          </Box>
          <Box>
            <Text size="xs" c="dimmed">
              {t('settings.form.password')}
            </Text>
            <PasswordBadge stored={config.senha_definida} />
          </Box>
          <Box>
            <Text size="xs" c="dimmed">
              {t('settings.form.schedule')}
            </Text>
            <Text size="sm">{schedule}</Text>
          </Box>
          <Box>
            <Text size="xs" c="dimmed">
              {t('settings.updated')}
            </Text>
            <Text size="sm">{when.dateTime(config.updated_at)}</Text>
          </Box>
        </SimpleGrid>
        <Group gap={6}>
          {config.dados.map((dado) => (
            <Badge key={dado} variant="outline" color="gray" tt="none" size="sm">
              {t(`settings.dados.${dado}`)}
            </Badge>
          ))}
        </Group>
        <Group justify="flex-end" gap="xs">
          <Button variant="subtle" color="red" size="sm" leftSection={<IconTrash size={16} />} onClick={onDelete} data-testid="config-delete">
            {t('settings.delete')}
          </Button>
          <Button variant="light" size="sm" leftSection={<IconPencil size={16} />} onClick={onEdit} data-testid="config-edit">
            {t('settings.edit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function PasswordBadge({ stored }: { stored: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={stored ? 'field' : 'gray'}
      tt="none"
      size="sm"
      leftSection={stored ? <IconLock size={12} /> : <IconLockOpen size={12} />}
      data-testid="config-password-stored"
      data-stored={stored}
    >
      {t(stored ? 'settings.form.passwordStored' : 'settings.form.noPassword')}
    </Badge>
  );
}

function ConfigForm<T extends AnyConfig, B extends z.ZodType>({ kind, api, config, onDone }: { kind: ConfigKind; api: RecordApi<T, B>; config?: T; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveRecord(api);
  const toBody = (values: ConfigValues) => configBody(kind, values) as unknown as RecordBody<B>;
  const state = useSchemaForm<ConfigValues>({
    schema: api.body,
    initialValues: configValues(config),
    toBody: (values) => configBody(kind, values),
  });
  const { form } = state;
  const hora = form.getInputProps('hora');

  const submit = state.onSubmit((values) =>
    save.mutate(
      { body: toBody(values), id: config?.id },
      {
        onSuccess: () => {
          notifications.show({ color: 'field', message: t(config ? 'feedback.done' : 'feedback.registered') });
          onDone();
        },
        onError: (error) => {
          state.showFailure(error);
        },
      },
    ),
  );

  return (
    <form ref={state.ref} onSubmit={submit} noValidate data-testid="config-form">
      <Stack gap="md">
        <TextInput label={t('settings.form.name')} description={t(`settings.${kind}.nameHint`)} required maxLength={80} autoComplete="off" {...form.getInputProps('nome')} />
        <TextInput
          label={t(`settings.${kind}.extra`)}
          description={t(`settings.${kind}.extraHint`)}
          required
          maxLength={kind === 'mtech' ? 40 : 60}
          autoComplete="off"
          {...form.getInputProps(EXTRA[kind])}
        />
        <TextInput
          label={t('settings.form.endpoint')}
          description={t('settings.form.endpointHint')}
          required
          type="url"
          inputMode="url"
          maxLength={500}
          autoComplete="off"
          spellCheck={false}
          {...form.getInputProps('endpoint')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t('settings.form.user')} maxLength={120} autoComplete="off" spellCheck={false} {...form.getInputProps('usuario')} />
          <PasswordInput
            label={
              <Group gap={6} component="span">
                {t('settings.form.password')}
                {config && <PasswordBadge stored={config.senha_definida} />}
              </Group>
            }
            description={config?.senha_definida ? t('settings.form.passwordKeep') : t('settings.form.passwordNew')}
            placeholder={config?.senha_definida ? t('settings.form.passwordKeepPlaceholder') : undefined}
            maxLength={200}
            autoComplete="new-password"
            {...form.getInputProps('senha')}
          />
        </SimpleGrid>
        <Stack gap={4}>
          <Text size="md" fw={500} id={`${kind}-agenda-label`}>
            {t('settings.form.schedule')}
          </Text>
          <SegmentedControl
            aria-labelledby={`${kind}-agenda-label`}
            fullWidth
            size="md"
            data={AGENDAS.map((agenda) => ({ value: agenda, label: t(`settings.agenda.${agenda}`) }))}
            {...form.getInputProps('agenda')}
          />
          <Text size="sm" c="dimmed">
            {t(`settings.agendaHint.${form.values.agenda}`)}
          </Text>
        </Stack>
        {form.values.agenda === 'diaria' && (
          <TextInput
            label={t('settings.form.time')}
            description={t('settings.form.timeHint')}
            placeholder={t('settings.form.timePlaceholder')}
            required
            inputMode="numeric"
            maxLength={5}
            w={{ base: '100%', sm: 320 }}
            {...hora}
            onChange={(event) => form.setFieldValue('hora', maskTime(event.currentTarget.value))}
          />
        )}
        <Checkbox.Group label={t('settings.form.data')} description={t('settings.form.dataHint')} required size="md" {...form.getInputProps('dados')}>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" mt="xs">
            {DADOS_INTEGRACAO.map((dado) => (
              <Checkbox key={dado} value={dado} label={t(`settings.dados.${dado}`)} data-testid={`dado-${dado}`} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Switch size="md" label={t('settings.form.active')} description={t('settings.form.activeHint')} {...form.getInputProps('ativo', { type: 'checkbox' })} />
        {/* At the drawer's very bottom: the drawer has no margin below its content. */}
        <SaveBar message={state.message} bottom={0}>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone} disabled={save.isPending} data-testid="config-cancel">
              {t('settings.cancel')}
            </Button>
            <SaveButton loading={save.isPending} testId="config-save" />
          </Group>
        </SaveBar>
      </Stack>
    </form>
  );
}
