import { Anchor, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconBuildingCommunity, IconHome } from '@tabler/icons-react';
import { isLiveModel } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFarmOptions } from '../records/links';
import { useOwner } from '../records/owner';
import { RecordSection } from '../records/RecordFormPage';
import { siteAddPath } from '../records/farms';
import type { DevicePlaceValues } from './deviceForm';

/**
 * The chip id and firmware of a device (model and serial come before them: chosen on the add
 * screen, read-only on the device's page). The chip id is required, with the reason, for the
 * models that join the live channel.
 */
export function ChipFields({ form, modelo }: { form: UseFormReturnType<DevicePlaceValues>; modelo: string }) {
  const { t } = useTranslation();
  const live = isLiveModel(modelo);
  return (
    <>
      <TextInput
        label={t('devices.form.chipId')}
        description={live ? t('devices.form.chipIdLive') : t('devices.form.chipIdOptional')}
        required={live}
        maxLength={40}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        {...form.getInputProps('chip_id')}
      />
      <TextInput
        label={t('devices.form.version')}
        description={t('devices.form.versionHint')}
        maxLength={20}
        autoComplete="off"
        spellCheck={false}
        {...form.getInputProps('versao')}
      />
    </>
  );
}

/**
 * Name, farm and house, notes. The farms are the owner's acted for; a grant limited to some
 * farms cannot place a device outside them, so there the farm is required.
 */
export function PlaceSection({ form, withPlace = true }: { form: UseFormReturnType<DevicePlaceValues>; withPlace?: boolean }) {
  const { t } = useTranslation();
  const owner = useOwner();
  const farms = useFarmOptions();
  const { nucleo_id: farmId } = form.values;
  const farm = farms.farmOf(farmId);
  const farmRequired = owner.isOther && owner.owner?.nucleos !== null;
  const farmInput = form.getInputProps('nucleo_id');
  const noFarms = farms.query.isSuccess && farms.farms.length === 0;

  return (
    <RecordSection title={t('devices.form.placeTitle')} description={withPlace ? t('devices.form.placeHint') : undefined}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TextInput
          label={t('devices.form.name')}
          description={t('devices.form.nameHint')}
          maxLength={80}
          autoComplete="off"
          {...form.getInputProps('nome')}
        />
        {withPlace && (
          <>
            <Select
              label={t('devices.form.farm')}
              description={
                noFarms ? (
                  <>
                    {t('devices.form.noFarms')}{' '}
                    {owner.canWrite && (
                      <Anchor component={Link} to={siteAddPath} size="xs">
                        {t('devices.form.addFarm')}
                      </Anchor>
                    )}
                  </>
                ) : farmRequired ? (
                  t('devices.form.farmRequired')
                ) : (
                  t('devices.form.farmHint')
                )
              }
              placeholder={farms.query.isPending ? t('devices.form.loading') : t('devices.form.noFarm')}
              required={farmRequired}
              data={farms.options}
              searchable
              clearable
              nothingFoundMessage={t('devices.form.nothingFound')}
              leftSection={<IconBuildingCommunity size={18} />}
              comboboxProps={{ withinPortal: true }}
              {...farmInput}
              onChange={(value) => {
                form.setFieldValue('nucleo_id', value);
                form.setFieldValue('aviario_id', null);
              }}
            />
            <Select
              label={t('devices.form.house')}
              description={farm ? undefined : t('devices.form.houseAfterFarm')}
              placeholder={t('devices.form.noHouse')}
              disabled={!farm}
              data={farms.housesOf(farmId)}
              searchable
              clearable
              nothingFoundMessage={t('devices.form.nothingFound')}
              leftSection={<IconHome size={18} />}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('aviario_id')}
            />
          </>
        )}
      </SimpleGrid>
      <Textarea
        mt="md"
        size="md"
        label={t('devices.form.notes')}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={2000}
        {...form.getInputProps('obs')}
      />
    </RecordSection>
  );
}
