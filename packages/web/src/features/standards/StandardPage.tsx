import { Badge, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { SEXOS_PADRAO, type Padrao } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RecordFormFrame, RecordLoader, RecordSection } from '../records/RecordFormPage';
import { useRecordForm } from '../records/recordForm';
import type { ScreenProps, ScreenRoute } from '../../components/screens/ScreenFrame';
import { padraoApi, STANDARDS_PATH, standardPath } from './api';
import { FillSources } from './FillSources';
import { PointsEditor } from './PointsEditor';
import { standardBody, standardValues } from './standardForm';

/**
 * padroes/add and padroes/:id: a breed standard (name, breed, edition, sex, source) and its points
 * by day of age, saved together through registerpadrao.
 * Test ids: the inputs' `field-<name>`, `standard-flocks`, and those of FillSources and PointsEditor.
 */
function StandardForm({ route, standard }: { route: ScreenRoute; standard?: Padrao }) {
  const { t } = useTranslation();
  const state = useRecordForm({
    api: padraoApi,
    record: standard,
    valuesOf: standardValues,
    toBody: standardBody,
    itemName: (record) => t('standards.itemName', { name: record.nome }),
    paths: { list: STANDARDS_PATH, detail: standardPath },
  });
  const { form } = state;
  const canWrite = state.owner.canWrite;

  return (
    <RecordFormFrame
      route={route}
      state={state}
      title={standard?.nome}
      badges={
        standard && standard.lotes > 0 ? (
          <Badge variant="light" size="lg" tt="none" data-testid="standard-flocks">
            {t('standards.form.flocksUsing', { count: standard.lotes })}
          </Badge>
        ) : null
      }
    >
      <RecordSection title={t('standards.form.general')}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <TextInput label={t('standards.form.name')} required maxLength={80} autoComplete="off" {...form.getInputProps('nome')} />
          <TextInput
            label={t('standards.form.breed')}
            description={t('standards.form.breedHint')}
            required
            maxLength={60}
            autoComplete="off"
            {...form.getInputProps('linhagem')}
          />
          <TextInput label={t('standards.form.edition')} description={t('standards.form.editionHint')} maxLength={20} autoComplete="off" {...form.getInputProps('edicao')} />
          <Stack gap={4}>
            <Text component="label" size="md" fw={500} id="standard-sex-label">
              {t('standards.form.sex')}
            </Text>
            <SegmentedControl
              aria-labelledby="standard-sex-label"
              data={SEXOS_PADRAO.map((sexo) => ({ value: sexo, label: t(`standards.sexo.${sexo}`) }))}
              size="md"
              fullWidth
              {...form.getInputProps('sexo')}
            />
          </Stack>
        </SimpleGrid>
        <Textarea
          mt="md"
          size="md"
          label={t('standards.form.source')}
          description={t('standards.form.sourceHint')}
          autosize
          minRows={2}
          maxRows={5}
          maxLength={300}
          {...form.getInputProps('fonte')}
        />
      </RecordSection>

      <PointsEditor form={form} disabled={!canWrite} fill={canWrite ? <FillSources form={form} /> : undefined} />
    </RecordFormFrame>
  );
}

/** padroes/add (no id in the url) and padroes/:id. */
export default function StandardPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { id } = useParams();
  if (id === undefined) return <StandardForm route={route} />;
  return (
    <RecordLoader route={route} api={padraoApi} listPath={STANDARDS_PATH} notFound={t('standards.form.notFound')}>
      {(standard) => <StandardForm route={route} standard={standard} />}
    </RecordLoader>
  );
}
