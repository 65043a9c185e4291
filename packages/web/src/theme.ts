import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** A pasture green leaning to teal: calm on a screen, legible in a bright shed. */
const field: MantineColorsTuple = [
  '#e7f8f1',
  '#d3efe3',
  '#a6dec7',
  '#75cca9',
  '#4dbc8f',
  '#34b27f',
  '#23a873',
  '#128f5f',
  '#047f53',
  '#006e46',
];

export const theme = createTheme({
  primaryColor: 'field',
  primaryShade: { light: 7, dark: 5 },
  colors: { field },
  defaultRadius: 'md',
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  components: {
    // Large touch targets: the portal is used on phones in the shed.
    Button: { defaultProps: { size: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
  },
});
