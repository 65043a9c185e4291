import { Anchor, Select, type SelectProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { siteAddPath } from './farms';
import { deviceOptionLabel, useOwnerDevices, withStored, type FarmOptions, type Option } from './links';

/** Other Select props (nothingFoundMessage …) pass through. */
type FarmSelectProps<V extends { nucleo_id: string }> = Omit<SelectProps, 'form' | 'data' | 'value' | 'onChange' | 'required'> & {
  form: UseFormReturnType<V>;
  farms: FarmOptions;
  /**
   * Where the feature keeps the texts: `<texts>.farm`, `.farmPlaceholder`, `.noFarms`, and
   * `.farmHint` for an optional farm.
   */
  texts: string;
  /** A required farm cannot be cleared; an optional one says what leaving it empty means. */
  required: boolean;
  /** Empties what belongs to the farm left (its houses) when another one is chosen. */
  onFarmChange: () => void;
};

/** The owner's farm a record belongs to (held as text, '' for none); with no farm yet, a link to add one. */
export function FarmSelect<V extends { nucleo_id: string }>({ form: valuesForm, texts, farms, required, onFarmChange, ...rest }: FarmSelectProps<V>) {
  const { t } = useTranslation();
  // The field exists on every V; Mantine's path types cannot see that.
  const form = valuesForm as unknown as UseFormReturnType<{ nucleo_id: string }>;
  const farmId = form.values.nucleo_id;
  const noFarms = farms.query.isSuccess && farms.options.length === 0;
  return (
    <Select
      label={t(`${texts}.farm`)}
      placeholder={t(`${texts}.farmPlaceholder`)}
      description={
        noFarms ? (
          <Anchor component={Link} to={siteAddPath} size="sm">
            {t(`${texts}.noFarms`)}
          </Anchor>
        ) : required ? undefined : (
          t(`${texts}.farmHint`)
        )
      }
      required={required}
      clearable={!required}
      searchable
      data={farms.options}
      comboboxProps={{ withinPortal: true }}
      {...rest}
      {...form.getInputProps('nucleo_id')}
      value={farmId || null}
      onChange={(value) => {
        if ((value ?? '') !== farmId) onFarmChange();
        form.setFieldValue('nucleo_id', value ?? '');
      }}
    />
  );
}

interface FarmHouseSelectsProps<V extends { nucleo_id: string; aviario_id: string }> {
  form: UseFormReturnType<V>;
  farms: FarmOptions;
  /**
   * Where the feature keeps the texts: FarmSelect's and `<texts>.house`, `.housePlaceholder`,
   * `.housePickFarm`, `.houseNone`, `.houseHint`.
   */
  texts: string;
  required: boolean;
  /** The house options; default: the chosen farm's houses. */
  houses?: Option[];
}

/**
 * Where a record is (fumigators, collection points): the owner's farm, then one of its houses.
 * A house belongs to one farm, so choosing another farm empties the house.
 */
export function FarmHouseSelects<V extends { nucleo_id: string; aviario_id: string }>(props: FarmHouseSelectsProps<V>) {
  const { farms, texts, required } = props;
  const { t } = useTranslation();
  const form = props.form as unknown as UseFormReturnType<{ nucleo_id: string; aviario_id: string }>;
  const farmId = form.values.nucleo_id;
  const houses = props.houses ?? farms.housesOf(farmId);

  return (
    <>
      <FarmSelect form={form} farms={farms} texts={texts} required={required} onFarmChange={() => form.setFieldValue('aviario_id', '')} />
      <Select
        label={t(`${texts}.house`)}
        placeholder={farmId && houses.length > 0 ? t(`${texts}.housePlaceholder`) : undefined}
        description={!farmId ? t(`${texts}.housePickFarm`) : houses.length === 0 ? t(`${texts}.houseNone`) : t(`${texts}.houseHint`)}
        clearable
        searchable
        disabled={!farmId || houses.length === 0}
        data={houses}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('aviario_id')}
        value={form.values.aviario_id || null}
        onChange={(value) => form.setFieldValue('aviario_id', value ?? '')}
      />
    </>
  );
}

interface DeviceSelectProps<V extends { device_id: string }> {
  form: UseFormReturnType<V>;
  /** Where the feature keeps the texts: `<texts>.device`, `.devicePlaceholder`, `.deviceHint`, `.deviceNone`. */
  texts: string;
  /** The device models that fit (silo scales, dosers). */
  models: readonly string[];
  /** The stored record, whose device stays listed even if the picker no longer offers it. */
  stored?: { device_id: number | null; device_nome: string | null };
}

/** The device a record reads from (a silo's scale, a fumigator's doser): one of the owner's, or none. */
export function DeviceSelect<V extends { device_id: string }>({ form: valuesForm, texts, models, stored }: DeviceSelectProps<V>) {
  const { t } = useTranslation();
  const form = valuesForm as unknown as UseFormReturnType<{ device_id: string }>;
  const devices = useOwnerDevices(models);
  const options = withStored(
    devices.devices.map((device) => ({ value: String(device.id), label: deviceOptionLabel(device) })),
    stored?.device_id,
    stored?.device_nome,
  );
  return (
    <Select
      label={t(`${texts}.device`)}
      placeholder={t(`${texts}.devicePlaceholder`)}
      description={devices.query.isSuccess && options.length === 0 ? t(`${texts}.deviceNone`) : t(`${texts}.deviceHint`)}
      clearable
      searchable
      data={options}
      comboboxProps={{ withinPortal: true }}
      {...form.getInputProps('device_id')}
      value={form.values.device_id || null}
      onChange={(value) => form.setFieldValue('device_id', value ?? '')}
    />
  );
}
