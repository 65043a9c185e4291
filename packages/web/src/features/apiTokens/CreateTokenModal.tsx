import { Alert, Button, Checkbox, Group, Modal, MultiSelect, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconKey } from '@tabler/icons-react';
import { TOKEN_ESCOPOS, type TokenApiCreated } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../components/CopyField';
import { DateInput } from '../../components/DateInput';
import { MessageArea } from '../../components/MessageArea';
import { RadioCards } from '../../components/RadioCards';
import { dateInputProps } from '../records/dates';
import type { Option } from '../records/links';
import { useSchemaForm } from '../records/schemaForm';
import { useCreateApiToken } from './api';
import { CommandBlock } from './CommandBlock';
import { curlExample, emptyTokenValues, tokenBody, tokenRules, type TokenValues } from './tokenForm';

interface CreateTokenModalProps {
  farms: Option[];
  onClose: () => void;
}

/**
 * The new-token dialog: name, scope (each explained), every farm or some, optional last day. Once
 * created, the same dialog shows the token (the only time it is ever shown) with a copy button and
 * a curl line that uses it; closing forgets it. Test ids: `token-modal`, the form's `field-<path>`,
 * `token-scope-<escopo>`, `token-create`, `token-form-message`; then `token-created` with
 * `token-value`, `token-curl` (each with `-copy`) and `token-created-close`.
 */
export function CreateTokenModal({ farms, onClose }: CreateTokenModalProps) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<TokenApiCreated | null>(null);
  return (
    <Modal
      opened
      onClose={onClose}
      // A created token must be copied first: no closing by a stray tap outside.
      closeOnClickOutside={created === null}
      size="lg"
      centered
      title={
        <Text fw={700} size="lg">
          {t(created ? 'apiTokens.created.title' : 'apiTokens.form.title')}
        </Text>
      }
      data-testid="token-modal"
    >
      {created ? <CreatedToken created={created} onClose={onClose} /> : <TokenForm farms={farms} onCancel={onClose} onCreated={setCreated} />}
    </Modal>
  );
}

function TokenForm({ farms, onCancel, onCreated }: { farms: Option[]; onCancel: () => void; onCreated: (created: TokenApiCreated) => void }) {
  const { t } = useTranslation();
  const state = useSchemaForm<TokenValues>({ ...tokenRules, initialValues: emptyTokenValues() });
  const create = useCreateApiToken();
  const { form } = state;
  const submit = state.onSubmit((values) => create.mutate(tokenBody(values), { onSuccess: onCreated, onError: state.showFailure }));
  const allFarms = form.getValues().todosNucleos;

  return (
    <form ref={state.ref} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('apiTokens.form.intro')}
        </Text>
        <TextInput label={t('apiTokens.form.name')} description={t('apiTokens.form.nameHint')} required maxLength={80} autoComplete="off" data-autofocus {...form.getInputProps('nome')} />
        <Radio.Group label={t('apiTokens.form.scope')} size="md" {...form.getInputProps('escopo')}>
          <RadioCards
            mt="xs"
            options={TOKEN_ESCOPOS.map((escopo) => ({
              value: escopo,
              label: t(`apiTokens.escopo.${escopo}`),
              hint: t(`apiTokens.escopoHint.${escopo}`),
              testId: `token-scope-${escopo}`,
            }))}
          />
        </Radio.Group>
        <Stack gap="xs">
          <Checkbox size="md" label={t('apiTokens.form.allFarms')} description={t('apiTokens.form.allFarmsHint')} {...form.getInputProps('todosNucleos', { type: 'checkbox' })} />
          {!allFarms && (
            <MultiSelect
              label={t('apiTokens.form.someFarms')}
              placeholder={farms.length > 0 ? t('apiTokens.form.someFarmsPlaceholder') : t('apiTokens.form.noFarms')}
              data={farms}
              searchable
              clearable
              hidePickedOptions
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('nucleos')}
            />
          )}
        </Stack>
        <DateInput maw={{ sm: 260 }} label={t('apiTokens.form.expiry')} description={t('apiTokens.form.expiryHint')} {...dateInputProps(form, 'expira_em')} />
        <MessageArea message={state.message} testId="token-form-message" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-testid="token-cancel">
            {t('apiTokens.form.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} data-testid="token-create">
            {t('apiTokens.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The token itself, right after it was made; nothing keeps it once the dialog closes. */
function CreatedToken({ created, onClose }: { created: TokenApiCreated; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="token-created">
      <Group gap="xs" wrap="nowrap">
        <IconKey size={22} color="var(--mantine-color-field-8)" />
        <Title order={2} size="h5" style={{ overflowWrap: 'anywhere' }}>
          {created.nome}
        </Title>
      </Group>
      <CopyField label={t('apiTokens.created.token')} value={created.token} testId="token-value" />
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} />} title={t('apiTokens.created.onceTitle')}>
        {t('apiTokens.created.once')}
      </Alert>
      <CommandBlock label={t('apiTokens.created.curl')} description={t('apiTokens.created.curlHint')} command={curlExample(window.location.href, created.token)} testId="token-curl" />
      <Group justify="flex-end">
        <Button onClick={onClose} data-testid="token-created-close">
          {t('apiTokens.created.done')}
        </Button>
      </Group>
    </Stack>
  );
}
