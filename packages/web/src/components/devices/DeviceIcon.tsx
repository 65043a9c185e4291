import { Box } from '@mantine/core';

/**
 * A model's icon (served by the web at `icone`, e.g. device-icons/cs.svg) with the model as its
 * alternative text. Test id `device-icon`.
 */
export function DeviceIcon({ icone, modelo, size = 40 }: { icone: string; modelo: string; size?: number }) {
  return (
    <Box
      component="img"
      src={icone}
      alt={modelo}
      width={size}
      height={size}
      loading="lazy"
      style={{ flex: 'none', display: 'block', borderRadius: 8, background: 'var(--mantine-color-field-0)', padding: Math.round(size / 10) }}
      data-testid="device-icon"
    />
  );
}
