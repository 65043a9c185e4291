import { IMPORT_FIELDS, IMPORT_ROW_REASONS } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import es from './locales/es.json';
import pt from './locales/pt.json';
import { exampleCsv } from './exampleCsv';

describe('import texts', () => {
  it.each([
    ['pt', pt],
    ['en', en],
    ['es', es],
  ])('name every refusal reason and every field in %s', (_language, texts) => {
    expect(Object.keys(texts.motivos).sort()).toEqual([...IMPORT_ROW_REASONS].sort());
    expect(Object.keys(texts.fields).sort()).toEqual([...IMPORT_FIELDS].sort());
  });

  it('offers an example file the import reads: every column, the chosen separator and decimal mark', () => {
    const [header, first] = exampleCsv(';', ',').split('\r\n');
    expect(header).toBe(IMPORT_FIELDS.join(';'));
    expect(first).toContain(';2045,5;');
    // A comma-separated file cannot hold an unquoted decimal comma.
    expect(exampleCsv(',', ',').split('\r\n')[1]).toContain(',2045.5,');
    expect(exampleCsv('tab', '.').split('\r\n')[0]).toBe(IMPORT_FIELDS.join('\t'));
  });
});
