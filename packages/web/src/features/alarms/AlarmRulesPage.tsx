import { Accordion, Alert, Badge, Button, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconPlus } from '@tabler/icons-react';
import type { AlarmeRegrasResponse } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';
import { PageFrame } from '../../components/PageFrame';
import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { useScreenHeading } from '../../components/screens/useScreenHeading';
import { useFarmOptions } from '../records/links';
import { useOwner, type OwnerState } from '../records/owner';
import { OwnerPicker } from '../records/OwnerPicker';
import { useAlarmRules } from './api';
import { RulesForm } from './RulesForm';

/**
 * alarmes/regras: the account's alarm rules (the defaults until changed) and the farms with their
 * own. Managers change them; others read them (the server refuses them too). Test ids
 * `rules-account`, `rules-farms`, `rules-farm` (`data-nucleo-id`), `rules-add-farm`, `rules-add`.
 */
export default function AlarmRulesPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const heading = useScreenHeading(route);
  const owner = useOwner();
  const rules = useAlarmRules();
  return (
    <PageFrame title={heading.title} description={heading.description} crumbs={heading.crumbs} backTo={heading.backTo}>
      <Stack gap="md">
        <OwnerPicker owner={owner} />
        {!owner.canWrite && (
          <Badge variant="light" color="gray" leftSection={<IconLock size={12} />} data-testid="rules-read-only">
            {t('alarms.rules.readOnly')}
          </Badge>
        )}
        {rules.isPending && <Loader size="sm" />}
        {rules.isError && <Alert color="red" data-testid="rules-load-error">{errorText(rules.error, t)}</Alert>}
        {/* Keyed by what the server kept: after a save or a reset the forms start again from it. */}
        {rules.data && <RulesBody key={JSON.stringify(rules.data)} data={rules.data} owner={owner} />}
      </Stack>
    </PageFrame>
  );
}

function RulesBody({ data, owner }: { data: AlarmeRegrasResponse; owner: OwnerState }) {
  const { t } = useTranslation();
  const farms = useFarmOptions();
  const [adding, setAdding] = useState<number | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const withOwn = new Set(data.nucleos.map((farm) => farm.nucleo_id));
  const available = farms.options.filter((option) => !withOwn.has(Number(option.value)));
  const addingName = adding === null ? null : farms.farmOf(String(adding))?.nome ?? String(adding);

  return (
    <>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="lg" data-testid="rules-account">
        <Group justify="space-between" align="flex-start" gap="xs" mb="xs">
          <Title order={2} size="h4">{t('alarms.rules.accountTitle')}</Title>
          {!data.personalizado && <Badge variant="light" color="gray" data-testid="rules-default">{t('alarms.rules.isDefault')}</Badge>}
        </Group>
        <Text size="sm" c="dimmed" mb="xs">{t('alarms.rules.accountHint')}</Text>
        <Text size="xs" c="dimmed" mb="md" data-testid="rules-always-on">{t('alarms.rules.alwaysOn')}</Text>
        <RulesForm stored={data.padrao} nucleoId={null} prop={owner.prop} canWrite={owner.canWrite} resetLabel={data.personalizado ? t('alarms.rules.resetDefaults') : null} />
      </Paper>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="lg" data-testid="rules-farms">
        <Title order={2} size="h4" mb="xs">{t('alarms.rules.farmsTitle')}</Title>
        <Text size="sm" c="dimmed" mb="md">{t('alarms.rules.farmsHint')}</Text>
        {data.nucleos.length === 0 && adding === null && <Text size="sm" data-testid="rules-farms-none">{t('alarms.rules.farmsNone')}</Text>}
        <Accordion variant="separated" multiple defaultValue={adding === null ? [] : [String(adding)]}>
          {data.nucleos.map((farm) => (
            <Accordion.Item key={farm.nucleo_id} value={String(farm.nucleo_id)} data-testid="rules-farm" data-nucleo-id={farm.nucleo_id}>
              <Accordion.Control>{farm.nome}</Accordion.Control>
              <Accordion.Panel>
                <RulesForm stored={farm.regras} nucleoId={farm.nucleo_id} prop={owner.prop} canWrite={owner.canWrite} resetLabel={t('alarms.rules.followAccount')} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
        {adding !== null && (
          <Paper withBorder p="sm" radius="md" mt="sm" data-testid="rules-farm-new" data-nucleo-id={adding}>
            <Text fw={600} mb="xs">{t('alarms.rules.newFarmTitle', { farm: addingName })}</Text>
            <RulesForm stored={data.padrao} nucleoId={adding} prop={owner.prop} canWrite={owner.canWrite} resetLabel={null} onSaved={() => setAdding(null)} />
            <Group justify="flex-start" mt="xs">
              <Button variant="subtle" size="xs" onClick={() => setAdding(null)}>{t('alarms.cancel')}</Button>
            </Group>
          </Paper>
        )}
        {owner.canWrite && adding === null && available.length > 0 && (
          <Group align="flex-end" gap="sm" mt="md" wrap="wrap">
            <Select label={t('alarms.rules.addFarm')} data={available} value={chosen} onChange={setChosen} searchable w={{ base: '100%', xs: 300 }} data-testid="rules-add-farm" />
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              disabled={!chosen}
              onClick={() => {
                setAdding(Number(chosen));
                setChosen(null);
              }}
              data-testid="rules-add"
            >
              {t('alarms.rules.add')}
            </Button>
          </Group>
        )}
      </Paper>
    </>
  );
}
