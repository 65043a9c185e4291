import { Alert, Anchor, Group, MultiSelect, NumberInput, Select, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';
import type { Lote } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateInput } from '../../components/DateInput';
import { dateInputProps } from '../records/dates';
import { useFarmOptions, withStored } from '../records/links';
import { useRecordList } from '../records/recordApi';
import { RecordFormFrame, RecordSection } from '../records/RecordFormPage';
import { useRecordForm } from '../records/recordForm';
import { errorLabel } from '../records/schemaForm';
import { useNumberFormat } from '../records/useNumberFormat';
import type { ScreenRoute } from '../../components/screens/ScreenFrame';
import { siteAddPath } from '../records/farms';
import { padraoApi } from '../standards/api';
import { FlockBadges } from './FlockBadges';
import { FLOCKS_PATH, flockPath, loteApi } from './api';
import { flockBody, flockValues, placedBirds } from './flockForm';
import { useFlockTitle } from './flockTitle';

/**
 * lotes/add and lotes/:id/editar: the flock, its farm and houses, dates, birds placed and standard,
 * saved together through registerlote (its mortality is entered as daily house records on the
 * flock's page). Test ids: the inputs' `field-<name>`, `flock-birds-placed`, `flock-no-farms`,
 * `flock-status`, `flock-age`.
 */
export function FlockForm({ route, flock }: { route: ScreenRoute; flock?: Lote }) {
  const { t } = useTranslation();
  const flockTitle = useFlockTitle();
  const numbers = useNumberFormat();
  const farms = useFarmOptions();
  const standards = useRecordList(padraoApi);
  const state = useRecordForm({
    api: loteApi,
    record: flock,
    valuesOf: flockValues,
    toBody: flockBody,
    itemName: (record) => t('flocks.itemName', { code: record.codigo }),
    paths: { list: FLOCKS_PATH, detail: flockPath },
  });
  const { form } = state;
  const canWrite = state.owner.canWrite;

  // Until the lists arrive (or if the farm is out of reach), the stored flock names its own farm,
  // houses and standard, so the fields never show blank.
  const farmOptions = withStored(farms.options, flock?.nucleo_id, flock?.nucleo_nome);
  const houseOptions = farms.farmOf(form.values.nucleo_id)
    ? farms.housesOf(form.values.nucleo_id)
    : flock && String(flock.nucleo_id) === form.values.nucleo_id
      ? flock.aviarios.map((house) => ({ value: String(house.id), label: house.nome }))
      : [];
  const standardOptions = withStored(
    (standards.data ?? []).map((standard) => ({
      value: String(standard.id),
      label: [standard.nome, standard.linhagem, standard.edicao].filter(Boolean).join(' · '),
    })),
    flock?.padrao_nome ? flock.padrao_id : null,
    flock?.padrao_nome,
  );
  const noFarms = farms.query.isSuccess && farms.farms.length === 0 && !flock;

  const farmProps = form.getInputProps('nucleo_id');
  // Houses belong to one farm: choosing another farm empties the choice (or takes its only house).
  const chooseFarm = (value: string | null) => {
    if ((value ?? '') === form.values.nucleo_id) return;
    const houses = farms.farmOf(value)?.aviarios ?? [];
    form.setFieldValue('nucleo_id', value ?? '');
    form.setFieldValue('aviarios', houses.length === 1 ? [String(houses[0]!.id)] : []);
  };
  const housesError = form.errors.aviarios ?? Object.entries(form.errors).find(([path]) => path.startsWith('aviarios.'))?.[1];

  const integer = {
    size: 'md',
    min: 0,
    hideControls: true,
    allowDecimal: false,
    allowNegative: false,
    thousandSeparator: numbers.thousandSeparator,
    decimalSeparator: numbers.decimalSeparator,
  } as const;
  const placed = placedBirds(form.values);

  return (
    <RecordFormFrame
      route={route}
      state={state}
      title={flock ? flockTitle(flock.codigo) : undefined}
      parentNames={flock ? { flockDetail: flockTitle(flock.codigo) } : undefined}
      badges={flock ? <FlockBadges flock={flock} /> : null}
    >
      {noFarms && canWrite && (
        <Alert color="orange" variant="light" icon={<IconBuildingCommunity size={20} />} data-testid="flock-no-farms">
          <Group gap="xs" wrap="wrap">
            <Text size="sm">{t('flocks.form.noFarms')}</Text>
            <Anchor component={Link} to={siteAddPath} size="sm" fw={600}>
              {t('flocks.list.addFarm')}
            </Anchor>
          </Group>
        </Alert>
      )}

      <RecordSection title={t('flocks.form.general')}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <TextInput
            label={t('flocks.form.code')}
            description={t('flocks.form.codeHint')}
            required
            maxLength={40}
            autoComplete="off"
            {...form.getInputProps('codigo')}
          />
          <TextInput label={t('flocks.form.breed')} description={t('flocks.form.breedHint')} maxLength={60} autoComplete="off" {...form.getInputProps('linhagem')} />
          <Select
            label={t('flocks.form.farm')}
            required
            size="md"
            searchable
            data={farmOptions}
            placeholder={farms.query.isPending ? t('flocks.form.loading') : t('flocks.form.farmPlaceholder')}
            nothingFoundMessage={t('flocks.form.nothingFound')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...farmProps}
            value={form.values.nucleo_id || null}
            onChange={chooseFarm}
          />
          <MultiSelect
            label={t('flocks.form.houses')}
            required
            size="md"
            data={houseOptions}
            placeholder={form.values.aviarios.length > 0 ? undefined : form.values.nucleo_id ? t('flocks.form.housesPlaceholder') : t('flocks.form.chooseFarmFirst')}
            disabled={!form.values.nucleo_id}
            searchable
            nothingFoundMessage={t('flocks.form.noHouses')}
            comboboxProps={{ withinPortal: true }}
            hidePickedOptions
            {...form.getInputProps('aviarios')}
            error={errorLabel(housesError)}
          />
          <Select
            label={t('flocks.form.standard')}
            description={t('flocks.form.standardHint')}
            size="md"
            clearable
            searchable
            data={standardOptions}
            placeholder={standards.isPending ? t('flocks.form.loading') : t('flocks.form.standardPlaceholder')}
            nothingFoundMessage={t('flocks.form.noStandards')}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('padrao_id')}
            value={form.values.padrao_id || null}
            onChange={(value) => form.setFieldValue('padrao_id', value ?? '')}
          />
        </SimpleGrid>
      </RecordSection>

      <RecordSection title={t('flocks.form.dates')}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <DateInput size="md" label={t('flocks.form.placed')} description={t('flocks.form.placedHint')} {...dateInputProps(form, 'data_alojamento')} />
          <DateInput size="md" label={t('flocks.form.closed')} description={t('flocks.form.closedHint')} {...dateInputProps(form, 'data_encerramento')} />
        </SimpleGrid>
      </RecordSection>

      <RecordSection title={t('flocks.form.birdsPlaced')} description={t('flocks.form.birdsPlacedHint')}>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <NumberInput label={t('flocks.form.males')} {...integer} {...form.getInputProps('aves_macho')} />
          <NumberInput label={t('flocks.form.females')} {...integer} {...form.getInputProps('aves_femea')} />
          <NumberInput label={t('flocks.form.mixed')} {...integer} {...form.getInputProps('aves_misto')} />
        </SimpleGrid>
        <Text mt="sm" size="sm">
          {t('flocks.form.totalPlaced')}{' '}
          <Text span fw={700} data-testid="flock-birds-placed">
            {t('flocks.birds', { birds: numbers.format(placed) })}
          </Text>
        </Text>
      </RecordSection>

      <RecordSection title={t('flocks.form.notes')}>
        <Textarea size="md" autosize minRows={3} maxRows={10} maxLength={2000} aria-label={t('flocks.form.notes')} {...form.getInputProps('obs')} />
      </RecordSection>
    </RecordFormFrame>
  );
}

