import { Text } from '@mantine/core';

/**
 * A device's name in a list or card: wrapped between words only (a table column never shrinks
 * below its longest word, so 'Balança' never splits as 'Balan-ça'), at most `lines` lines with an
 * ellipsis after, and the whole name as the tooltip. Test id `device-name`.
 */
export function DeviceName({ name, lines = 2 }: { name: string; lines?: number }) {
  return (
    <Text component="span" inherit lineClamp={lines} title={name} style={{ overflowWrap: 'break-word', wordBreak: 'normal' }} data-testid="device-name">
      {name}
    </Text>
  );
}
