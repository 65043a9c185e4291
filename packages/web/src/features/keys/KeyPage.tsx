import { Alert, Anchor, Button, Group, Paper, Radio, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconHistory, IconKey } from '@tabler/icons-react';
import { CHAVE_ESCOPOS, type Chave, type ChaveEscopo } from '@portal/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CopyField, Fact } from '../../components/CopyField';
import { DateInput } from '../../components/DateInput';
import { PageFrame } from '../../components/PageFrame';
import { RadioCards } from '../../components/RadioCards';
import { dateInputProps, isoToMasked, optionalDate } from '../records/dates';
import { useOwner } from '../records/owner';
import { OwnerOnlyNotice } from '../records/OwnerOnlyNotice';
import { RecordFormFrame, RecordLoader, RecordSection } from '../records/RecordFormPage';
import { useRecordForm } from '../records/recordForm';
import type { RecordBody } from '../records/recordApi';
import { useWhen } from '../records/when';
import type { ScreenProps, ScreenRoute } from '../../components/screens/ScreenFrame';
import { useScreenHeading } from '../../components/screens/useScreenHeading';
import { forgetRevealed, keyApi, keyHistoryPath, keyPath, KEYS_PATH, peekRevealed } from './api';
import { StatusBadge } from './KeyBadges';

interface KeyValues {
  descricao: string;
  escopo: ChaveEscopo;
  /** dd/mm/yyyy as typed; '' for no last day. */
  validade: string;
  ativa: boolean;
}

const keyValues = (chave?: Chave): KeyValues => ({
  descricao: chave?.descricao ?? '',
  escopo: chave?.escopo ?? 'dispositivo',
  validade: isoToMasked(chave?.validade),
  ativa: chave?.ativa ?? true,
});

const keyBody = (values: KeyValues): RecordBody<typeof keyApi.body> => ({
  descricao: values.descricao,
  escopo: values.escopo,
  validade: optionalDate(values.validade),
  ativa: values.ativa,
});

/** The full link that opens the add-device screen with this key (route d/{key}). */
const deviceLink = (chave: string) => `${window.location.origin}${window.location.pathname}#/d/${chave}`;

/**
 * chaves/add and chaves/:id: description, scope (each with its one-line explanation), last valid
 * day and active. After creating, the key's page shows the key once, with a copy button and, for
 * device keys, the link that registers a device with it. Test ids: the record blocks'
 * (`field-descricao`, `field-escopo`, `field-validade`, `field-ativa`, `record-save`,
 * `record-delete`), `key-revealed` with `key-value`, `key-link` (each with `-copy`) and
 * `key-revealed-hide`, `key-history-link`, `key-status`.
 */
function KeyForm({ route, chave }: { route: ScreenRoute; chave?: Chave }) {
  const { t } = useTranslation();
  const when = useWhen();
  const state = useRecordForm({
    api: keyApi,
    record: chave,
    valuesOf: keyValues,
    toBody: keyBody,
    itemName: (record) => t('keys.itemName', { name: record.descricao }),
    paths: { list: KEYS_PATH, detail: keyPath },
  });
  const { form } = state;

  return (
    <RecordFormFrame route={route} state={state} title={chave?.descricao} badges={chave ? <StatusBadge chave={chave} /> : null}>
      {chave && <RevealedKey chave={chave} />}
      <RecordSection title={t('keys.form.general')}>
        <Stack gap="md">
          <TextInput
            label={t('keys.form.description')}
            description={t('keys.form.descriptionHint')}
            required
            maxLength={120}
            autoComplete="off"
            {...form.getInputProps('descricao')}
          />
          <Radio.Group label={t('keys.form.scope')} size="md" {...form.getInputProps('escopo')}>
            <RadioCards
              mt="xs"
              options={CHAVE_ESCOPOS.map((escopo) => ({
                value: escopo,
                label: t(`keys.escopo.${escopo}`),
                hint: t(`keys.escopoHint.${escopo}`),
                testId: `key-scope-${escopo}`,
              }))}
            />
          </Radio.Group>
          <Stack gap="md">
            <DateInput
              maw={{ sm: 420 }}
              label={t('keys.form.validUntil')}
              description={t('keys.form.validUntilHint')}
              {...dateInputProps(form, 'validade')}
            />
            <Switch
              size="md"
              label={t('keys.form.active')}
              description={t('keys.form.activeHint')}
              {...form.getInputProps('ativa', { type: 'checkbox' })}
            />
          </Stack>
        </Stack>
      </RecordSection>
      {chave && (
        <RecordSection
          title={t('keys.form.use')}
          actions={
            <Button component={Link} to={keyHistoryPath(chave)} variant="default" size="sm" leftSection={<IconHistory size={18} />} data-testid="key-history-link">
              {t('keys.form.history')}
            </Button>
          }
        >
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
            <Fact label={t('keys.list.start')} value={`${chave.inicio}…`} testId="key-start" />
            <Fact label={t('keys.list.uses')} value={String(chave.usos)} testId="key-uses" />
            <Fact label={t('keys.list.lastUse')} value={chave.ultimo_uso ? when.dateTime(chave.ultimo_uso) : t('keys.list.neverUsed')} />
            <Fact label={t('keys.form.created')} value={when.dateTime(chave.created_at)} />
          </SimpleGrid>
          <Text size="sm" c="dimmed" mt="md">
            {t('keys.form.notShown')}
          </Text>
        </RecordSection>
      )}
    </RecordFormFrame>
  );
}

/** The key itself, right after it was created in this tab; gone once the page is left. */
function RevealedKey({ chave }: { chave: Chave }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(() => peekRevealed(chave.id));
  useEffect(() => {
    forgetRevealed(chave.id);
  }, [chave.id]);
  if (!value) return null;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} bg="var(--mantine-color-field-0)" style={{ borderColor: 'var(--mantine-color-field-4)' }} data-testid="key-revealed">
      <Stack gap="md">
        <Group gap="xs">
          <IconKey size={22} color="var(--mantine-color-field-8)" />
          <Title order={2} size="h4">
            {t('keys.revealed.title')}
          </Title>
        </Group>
        <CopyField label={t('keys.revealed.key')} value={value} testId="key-value" />
        {chave.escopo === 'dispositivo' && (
          <Stack gap={4}>
            <CopyField label={t('keys.revealed.link')} value={deviceLink(value)} description={t('keys.revealed.linkHint')} testId="key-link" monospace={false} />
            <Anchor href={`#/d/${value}`} size="sm" data-testid="key-link-open">
              {t('keys.revealed.open')}
            </Anchor>
          </Stack>
        )}
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} />} title={t('keys.revealed.onceTitle')}>
          {t('keys.revealed.once')}
        </Alert>
        <Group justify="flex-end">
          <Button type="button" variant="default" onClick={() => setValue(undefined)} data-testid="key-revealed-hide">
            {t('keys.revealed.hide')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** chaves/add (no id in the url) and chaves/:id; keys stay with their owner. */
export default function KeyPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { id } = useParams();
  const owner = useOwner();
  const heading = useScreenHeading(route);
  if (owner.isOther) {
    return (
      <PageFrame title={heading.title} crumbs={heading.crumbs} backTo={heading.backTo}>
        <OwnerOnlyNotice owner={owner} text={t('keys.ownerOnly')} />
      </PageFrame>
    );
  }
  if (id === undefined) return <KeyForm route={route} />;
  return (
    <RecordLoader route={route} api={keyApi} listPath={KEYS_PATH} notFound={t('keys.form.notFound')}>
      {(chave) => <KeyForm route={route} chave={chave} />}
    </RecordLoader>
  );
}
