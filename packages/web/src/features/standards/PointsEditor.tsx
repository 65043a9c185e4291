import { ActionIcon, Alert, Box, Button, NumberInput, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { MAX_IDADE_PADRAO } from '@portal/shared';
import { useMediaQuery } from '@mantine/hooks';
import { memo, useCallback, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordSection } from '../records/RecordFormPage';
import { errorLabel, fieldTestId } from '../records/schemaForm';
import { useNumberFormat } from '../records/useNumberFormat';
import { daysCovered } from './api';
import { GrowthCurve } from './GrowthCurve';
import { curvePoints, nextPoint, POINT_FIELDS, type PointField, type PointValues, type StandardValues } from './standardForm';

/** Day, then the four numbers, then the remove button. */
const GRID = '4rem repeat(5, minmax(5.5rem, 1fr)) 2.25rem';
/** On a phone the same columns, narrower, so a row fits 360 px without scrolling sideways. */
const COMPACT_GRID = '2.4rem minmax(0, 1.35fr) repeat(4, minmax(0, 1fr)) 1.5rem';

/** Decimals each column keeps, as the standard's schema stores them (grams 1 decimal, conversion 3). */
const SCALE: Record<PointField, number> = { idade: 0, peso: 1, ganho_diario: 1, conversao: 3, consumo_acumulado: 1, mortalidade_pct: 2 };

interface RowProps {
  index: number;
  point: PointValues;
  /** The row's field errors, translated (one string per field, '' for none), joined by '\n'. */
  errors: string;
  disabled: boolean;
  compact: boolean;
  labels: Record<PointField, string>;
  decimalSeparator: string;
  thousandSeparator: string;
  removeLabel: string;
  onChange: (index: number, field: PointField, value: number | string) => void;
  onRemove: (index: number) => void;
}

/**
 * One day of the table. Memoised by value (the form clones every row on each change): a standard
 * has up to 201 days, and typing in one must not re-render the thousand inputs of the others.
 */
const samePoint = (a: RowProps, b: RowProps) =>
  (Object.keys(a) as (keyof RowProps)[]).every((name) => name === 'point' || a[name] === b[name]) &&
  POINT_FIELDS.every((field) => a.point[field] === b.point[field]);

const PointRow = memo(function PointRow(props: RowProps) {
  const { index, point, disabled, compact, labels, onChange, onRemove } = props;
  const errors = props.errors.split('\n');
  return (
    <Box style={{ display: 'contents' }} data-testid="point-row">
      {POINT_FIELDS.map((field, column) => {
        const path = `pontos.${index}.${field}`;
        return (
          <NumberInput
            key={field}
            size={compact ? 'xs' : 'sm'}
            hideControls
            value={point[field]}
            onChange={(value) => onChange(index, field, value)}
            min={field === 'ganho_diario' ? undefined : 0}
            max={field === 'idade' ? MAX_IDADE_PADRAO : undefined}
            allowNegative={field === 'ganho_diario'}
            allowDecimal={field !== 'idade'}
            decimalScale={SCALE[field]}
            // Weights show 1 decimal and conversions 3, as the standard keeps them.
            fixedDecimalScale={field === 'peso' || field === 'conversao'}
            decimalSeparator={props.decimalSeparator}
            thousandSeparator={field === 'idade' ? '' : props.thousandSeparator}
            required={field === 'idade' || field === 'peso'}
            aria-label={`${labels[field]} · ${index + 1}`}
            error={errors[column] || undefined}
            data-path={path}
            data-testid={fieldTestId(path)}
          />
        );
      })}
      <Box pt={2}>
        {!disabled && (
          <ActionIcon variant="subtle" color="red" size={compact ? 'sm' : 'md'} onClick={() => onRemove(index)} aria-label={props.removeLabel} data-testid="point-remove">
            <IconTrash size={18} />
          </ActionIcon>
        )}
      </Box>
    </Box>
  );
}, samePoint);

/**
 * The points table of a standard: day of age, weight (g, 1 decimal), daily gain (g), feed
 * conversion (3 decimals) and cumulative feed (g); rows added and removed here, or filled from a
 * published standard or a CSV file (`fill`, above the table). The curve of the weights follows.
 * Test ids: `points-add`, `point-row`, `point-remove`, `points-summary`, `points-error`,
 * `points-empty`, the inputs' `field-pontos-<i>-<name>`.
 */
export function PointsEditor({ form, disabled, fill }: { form: UseFormReturnType<StandardValues>; disabled: boolean; fill?: ReactNode }) {
  const { t } = useTranslation();
  const numbers = useNumberFormat();
  const rows = form.values.pontos;
  const compact = useMediaQuery('(max-width: 36em)') ?? false;

  // Stable callbacks for the memoised rows; the form object itself changes with every render.
  const formRef = useRef(form);
  formRef.current = form;
  const onChange = useCallback((index: number, field: PointField, value: number | string) => {
    formRef.current.setFieldValue(`pontos.${index}.${field}`, value);
  }, []);
  const onRemove = useCallback((index: number) => formRef.current.removeListItem('pontos', index), []);

  const add = () => {
    form.insertListItem('pontos', nextPoint(rows));
    requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`[data-path="pontos.${rows.length}.peso"]`)?.focus());
  };

  const labels = useMemo<Record<PointField, string>>(
    () => ({
      idade: t('standards.points.age'),
      peso: t('standards.points.weight'),
      ganho_diario: t('standards.points.gain'),
      conversao: t('standards.points.conversion'),
      consumo_acumulado: t('standards.points.feed'),
      mortalidade_pct: t('standards.points.mortality'),
    }),
    [t],
  );

  const shortLabels = {
    idade: t('standards.points.ageShort'),
    peso: t('standards.points.weightShort'),
    ganho_diario: t('standards.points.gainShort'),
    conversao: t('standards.points.conversionShort'),
    consumo_acumulado: t('standards.points.feedShort'),
    mortalidade_pct: t('standards.points.mortalityShort'),
  };

  const errorsOf = (index: number) =>
    POINT_FIELDS.map((field) => {
      const error = form.errors[`pontos.${index}.${field}`];
      return error ? String(errorLabel(error)) : '';
    }).join('\n');
  const listError = form.errors.pontos;
  const typed = rows.filter((row) => typeof row.idade === 'number').map((row) => ({ idade: row.idade as number }));

  return (
    <RecordSection
      title={t('standards.points.title')}
      description={t('standards.points.hint')}
      actions={
        disabled ? null : (
          <Button variant="light" leftSection={<IconPlus size={18} />} onClick={add} disabled={rows.length > MAX_IDADE_PADRAO} data-testid="points-add">
            {t('standards.points.add')}
          </Button>
        )
      }
    >
      <Stack gap="md">
        {fill}
        {listError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="points-error">
            {errorLabel(listError)}
          </Alert>
        )}
        {rows.length === 0 ? (
          <Text c="dimmed" data-testid="points-empty">
            {t(disabled ? 'standards.points.emptyReadOnly' : 'standards.points.empty')}
          </Text>
        ) : (
          <Box style={{ overflowX: 'auto' }} data-testid="points-table">
            <Box
              style={{
                display: 'grid',
                gridTemplateColumns: compact ? COMPACT_GRID : GRID,
                gap: compact ? '4px' : '6px var(--mantine-spacing-xs)',
                alignItems: 'start',
                minWidth: compact ? undefined : '30rem',
              }}
            >
              {POINT_FIELDS.map((field) => (
                <Text key={field} size="xs" fw={600} c="dimmed" style={{ overflowWrap: 'anywhere', alignSelf: 'end' }}>
                  {compact ? shortLabels[field] : labels[field]}
                </Text>
              ))}
              <span />
              {rows.map((point, index) => (
                <PointRow
                  key={point.key}
                  index={index}
                  point={point}
                  errors={errorsOf(index)}
                  disabled={disabled}
                  compact={compact}
                  labels={labels}
                  decimalSeparator={numbers.decimalSeparator}
                  thousandSeparator={numbers.thousandSeparator}
                  removeLabel={t('standards.points.remove', { day: point.idade === '' ? index + 1 : point.idade })}
                  onChange={onChange}
                  onRemove={onRemove}
                />
              ))}
            </Box>
          </Box>
        )}
        {rows.length > 0 && (
          <Text size="sm" c="dimmed" data-testid="points-summary">
            {t('standards.points.summary', { count: rows.length, days: daysCovered(typed) })}
          </Text>
        )}
        <GrowthCurve points={curvePoints(rows)} />
      </Stack>
    </RecordSection>
  );
}
