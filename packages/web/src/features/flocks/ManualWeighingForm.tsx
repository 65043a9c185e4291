import { ActionIcon, Alert, Badge, Button, Group, Modal, Paper, Select, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCloudUpload, IconScale, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { SEXOS_PESAGEM_MANUAL, type Lote, type SexoPesagemManual } from '@portal/shared';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldErrors } from '../../api/errorText';
import { DateInput } from '../../components/DateInput';
import { submitOrQueue, usePendingCalls } from '../../offline';
import { maskedToIso, todayMasked } from '../records/dates';
import { canAddWeight, defaultSexo, parseWeight, weightSummary } from './manualWeighing';

type Outcome = { kind: 'sent'; aves: number; media: number } | { kind: 'pending' } | { kind: 'error'; message: string; fields: Record<string, string> };

const groupOf = (lote: Pick<Lote, 'id'>) => `lote:${lote.id}`;

function WeightsEntry({ pesos, onChange }: { pesos: number[]; onChange: (pesos: number[]) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [invalid, setInvalid] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const add = () => {
    const peso = parseWeight(typed);
    if (peso === null || !canAddWeight(pesos)) return setInvalid(typed.trim() !== '');
    onChange([...pesos, peso]);
    setTyped('');
    setInvalid(false);
    input.current?.focus();
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };
  const { aves, media } = weightSummary(pesos);
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          ref={input}
          style={{ flex: 1 }}
          label={t('flocks.manualWeighing.weight')}
          description={t('flocks.manualWeighing.weightHint')}
          inputMode="decimal"
          autoComplete="off"
          value={typed}
          error={invalid ? t('flocks.manualWeighing.weightInvalid') : undefined}
          onChange={(event) => setTyped(event.currentTarget.value)}
          onKeyDown={onKey}
          data-testid="manual-weight-input"
        />
        <Button variant="light" onClick={add} data-testid="manual-weight-add">
          {t('flocks.manualWeighing.add')}
        </Button>
      </Group>
      <Group gap="lg" data-testid="manual-weight-summary" data-count={aves}>
        <Text size="sm">{t('flocks.manualWeighing.birds', { count: aves })}</Text>
        <Text size="sm" fw={700}>
          {media === null ? '—' : t('flocks.manualWeighing.mean', { grams: media.toLocaleString(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })}
        </Text>
      </Group>
      {pesos.length > 0 && (
        <Paper withBorder p="xs" mah={180} style={{ overflowY: 'auto' }}>
          <Group gap={6}>
            {pesos.map((peso, index) => (
              <Badge
                key={`${index}-${peso}`}
                variant="light"
                size="lg"
                rightSection={
                  <ActionIcon size="xs" variant="transparent" aria-label={t('flocks.manualWeighing.remove', { grams: peso })} onClick={() => onChange(pesos.filter((_, at) => at !== index))}>
                    <IconX size={12} />
                  </ActionIcon>
                }
              >
                {peso}
              </Badge>
            ))}
          </Group>
        </Paper>
      )}
    </Stack>
  );
}

function ManualWeighingModal({ lote, onClose }: { lote: Lote; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [aviario, setAviario] = useState<string | null>(lote.aviarios[0] ? String(lote.aviarios[0].id) : null);
  const [data, setData] = useState(todayMasked());
  const [sexo, setSexo] = useState<SexoPesagemManual>(defaultSexo(lote));
  const [pesos, setPesos] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const iso = maskedToIso(data);
  const house = lote.aviarios.find((entry) => String(entry.id) === aviario);

  const submit = async () => {
    if (!house || !iso || pesos.length === 0) return;
    setBusy(true);
    const body = { prop: lote.prop, uid: crypto.randomUUID(), lote_id: lote.id, aviario_id: house.id, data: iso, sexo, pesos };
    const label = t('flocks.manualWeighing.label', { code: lote.codigo, house: house.nome, count: pesos.length });
    try {
      const result = await submitOrQueue('registerpesagemmanual', body, { label, group: groupOf(lote) });
      if (result.state === 'sent') {
        setOutcome({ kind: 'sent', aves: result.response.aves, media: result.response.peso_medio_g });
        void queryClient.invalidateQueries();
      } else setOutcome({ kind: 'pending' });
      setPesos([]);
    } catch (error) {
      setOutcome({ kind: 'error', message: errorText(error, t), fields: fieldErrors(error, t) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Select
          label={t('flocks.manualWeighing.house')}
          data={lote.aviarios.map((entry) => ({ value: String(entry.id), label: entry.nome }))}
          value={aviario}
          onChange={setAviario}
          allowDeselect={false}
          error={outcome?.kind === 'error' ? outcome.fields.aviario_id : undefined}
          data-testid="manual-house"
        />
        <DateInput
          label={t('flocks.manualWeighing.date')}
          value={data}
          onChange={setData}
          error={(data.length === 10 && !iso) || (outcome?.kind === 'error' && outcome.fields.data) ? t('flocks.manualWeighing.dateInvalid') : undefined}
          data-testid="manual-date"
        />
      </SimpleGrid>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('flocks.manualWeighing.sex')}
        </Text>
        <SegmentedControl
          value={sexo}
          onChange={(value) => setSexo(value as SexoPesagemManual)}
          data={SEXOS_PESAGEM_MANUAL.map((value) => ({ value, label: t(`flocks.manualWeighing.sexes.${value}`) }))}
          data-testid="manual-sex"
        />
      </Stack>
      <WeightsEntry pesos={pesos} onChange={setPesos} />
      {outcome?.kind === 'sent' && (
        <Alert color="green" data-testid="manual-sent">
          {t('flocks.manualWeighing.sent', { count: outcome.aves, grams: outcome.media })}
        </Alert>
      )}
      {outcome?.kind === 'pending' && (
        <Alert color="yellow" icon={<IconCloudUpload size={18} />} data-testid="manual-pending">
          {t('flocks.manualWeighing.pending')}
        </Alert>
      )}
      {outcome?.kind === 'error' && (
        <Alert color="red" data-testid="manual-error">
          {outcome.message}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('flocks.manualWeighing.close')}
        </Button>
        <Button onClick={() => void submit()} loading={busy} disabled={!house || !iso || pesos.length === 0} data-testid="manual-save">
          {t('flocks.manualWeighing.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * "Pesagem manual" on a flock's page: a few birds weighed by hand in one house, typed in the shed.
 * Sent at once when there is a connection, else kept on this device and sent when it returns
 * (offline queue); the button shows how many of this flock's wait. Test ids `manual-weighing-open`,
 * `manual-*` inside the dialog.
 */
export function ManualWeighingButton({ lote }: { lote: Lote }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const waiting = usePendingCalls(groupOf(lote)).filter((entry) => entry.name === 'registerpesagemmanual').length;
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconScale size={18} />}
        rightSection={waiting > 0 ? <Badge size="sm" color="yellow">{t('flocks.manualWeighing.waiting', { count: waiting })}</Badge> : undefined}
        onClick={open}
        data-testid="manual-weighing-open"
      >
        {t('flocks.manualWeighing.open')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('flocks.manualWeighing.title', { code: lote.codigo })} size="lg">
        {opened && <ManualWeighingModal lote={lote} onClose={close} />}
      </Modal>
    </>
  );
}
