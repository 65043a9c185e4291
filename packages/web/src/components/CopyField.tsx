import { ActionIcon, Text, TextInput, Tooltip } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface CopyFieldProps {
  label: string;
  value: string;
  /** Test id of the input; the copy button gets `<testId>-copy`. */
  testId: string;
  description?: string;
  /** Secrets and codes read better in a fixed-width font. */
  monospace?: boolean;
}

/**
 * A value to copy (a password, a key, a topic): shown in a read-only input, so it can also be
 * selected by hand, with a copy button. Where the browser refuses the clipboard (plain http on
 * the farm's network) the button says so instead of pretending.
 */
export function CopyField({ label, value, testId, description, monospace = true }: CopyFieldProps) {
  return (
    <TextInput
      label={label}
      description={description}
      value={value}
      readOnly
      // A tap selects it all, ready to copy by hand.
      onClick={(event) => event.currentTarget.select()}
      styles={{ input: monospace ? { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.02em' } : undefined }}
      rightSectionWidth={44}
      rightSection={<CopyButton value={value} what={label} testId={`${testId}-copy`} />}
      data-testid={testId}
    />
  );
}

/**
 * The copy button of CopyField, also for values shown otherwise (a command in a code block). It
 * says 'copied', or that the browser refused the clipboard.
 */
export function CopyButton({ value, what, testId }: { value: string; what: string; testId: string }) {
  const { t } = useTranslation();
  const clipboard = useClipboard({ timeout: 2000 });
  const tip = clipboard.error ? t('common.copyFailed') : clipboard.copied ? t('common.copied') : t('common.copy');
  return (
    <Tooltip label={tip} withArrow opened={clipboard.copied || clipboard.error ? true : undefined}>
      <ActionIcon
        variant={clipboard.copied ? 'filled' : 'light'}
        color={clipboard.error ? 'orange' : 'field'}
        size="lg"
        onClick={() => clipboard.copy(value)}
        aria-label={t('common.copyWhat', { what })}
        data-testid={testId}
      >
        {clipboard.copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}

/** A label and a value in one line or two, for read-only facts (port, protocol). */
export function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}
