import { Button, Group, Input, Pill, Stack, Text, TextInput } from '@mantine/core';
import { IconClockPlus } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { maskTime, normalizeTime } from './times';

/** The server keeps at most this many times a day (registerFumigadorBody). */
const MAX_TIMES = 48;

/**
 * The times of day a doser runs (HH:MM, 24 h): typed in one field and added as chips, kept in
 * order, each removable. Test ids: `times-input`, `times-add`, `time-chip` (data-time),
 * `time-remove`, `times-empty`.
 */
export function TimesEditor({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string[];
  onChange: (times: string[]) => void;
  error?: ReactNode;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const labelId = useId();

  const add = () => {
    const time = normalizeTime(typed);
    if (!time) {
      setProblem(t('fumigators.times.invalid'));
      return;
    }
    if (value.includes(time)) {
      setProblem(t('fumigators.times.duplicate', { time }));
      return;
    }
    onChange([...value, time].sort());
    setTyped('');
    setProblem(null);
  };

  return (
    <Input.Wrapper
      labelElement="div"
      label={<span id={labelId}>{t('fumigators.times.label')}</span>}
      description={t('fumigators.times.hint')}
      error={problem ?? error}
      size="md"
    >
      <Stack gap="sm" mt={6}>
        {!disabled && (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              value={typed}
              onChange={(event) => {
                setTyped(maskTime(event.currentTarget.value));
                setProblem(null);
              }}
              onKeyDown={(event) => {
                // Enter adds the time instead of saving the whole form.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  add();
                }
              }}
              placeholder={t('fumigators.times.placeholder')}
              aria-labelledby={labelId}
              inputMode="numeric"
              maxLength={5}
              autoComplete="off"
              w={120}
              error={Boolean(problem)}
              data-testid="times-input"
            />
            <Button variant="light" leftSection={<IconClockPlus size={18} />} onClick={add} disabled={value.length >= MAX_TIMES} data-testid="times-add">
              {t('fumigators.times.add')}
            </Button>
          </Group>
        )}
        {value.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="times-empty">
            {t('fumigators.times.empty')}
          </Text>
        ) : (
          <Group gap="xs" aria-labelledby={labelId} role="list">
            {value.map((time) => (
              <Pill
                key={time}
                size="lg"
                role="listitem"
                withRemoveButton={!disabled}
                onRemove={() => onChange(value.filter((entry) => entry !== time))}
                removeButtonProps={{ 'aria-label': t('fumigators.times.remove', { time }), 'data-testid': 'time-remove' } as Record<string, string>}
                data-testid="time-chip"
                data-time={time}
                style={{ fontVariantNumeric: 'tabular-nums' }}
              >
                {time}
              </Pill>
            ))}
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
