import { Button, Checkbox, Group, PasswordInput, SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AGENDAS, DADOS_INTEGRACAO } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useSaveRecord, type RecordApi, type RecordBody } from '../records/recordApi';
import { SaveBar, SaveButton } from '../records/RecordFormPage';
import { useSchemaForm } from '../records/schemaForm';
import { PasswordBadge } from './ConfigCard';
import type { AnyConfig, ConfigKind } from './configApi';

type Agenda = (typeof AGENDAS)[number];
type Dado = (typeof DADOS_INTEGRACAO)[number];

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

interface ConfigFormProps<T extends AnyConfig, B extends z.ZodType> {
  kind: ConfigKind;
  api: RecordApi<T, B>;
  /** Undefined: a new configuration. */
  config?: T | undefined;
  /** After a save; `segredo` is the signing secret, present only when the configuration was created. */
  onSaved: (saved: { segredo?: string | undefined }) => void;
  onCancel: () => void;
}

/**
 * The add/edit form of a configuration. The password is never shown: on edit, empty keeps the
 * stored one. Saving also clears a pause (the server does it: a changed endpoint deserves a try).
 */
export function ConfigForm<T extends AnyConfig, B extends z.ZodType>({ kind, api, config, onSaved, onCancel }: ConfigFormProps<T, B>) {
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
        onSuccess: (saved) => {
          notifications.show({ color: 'field', message: t(config ? 'feedback.done' : 'feedback.registered') });
          onSaved(saved as { segredo?: string });
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
            <Button variant="default" onClick={onCancel} disabled={save.isPending} data-testid="config-cancel">
              {t('settings.cancel')}
            </Button>
            <SaveButton loading={save.isPending} testId="config-save" />
          </Group>
        </SaveBar>
      </Stack>
    </form>
  );
}
