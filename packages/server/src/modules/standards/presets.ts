import { readFileSync } from 'node:fs';
import { parseStandardCsv, type PadraoPreset } from '@portal/shared';

/**
 * The published breed standards offered as starting points (getpadrao_presets): the CSV files of
 * ./presets read with the same parser as the web's import, so the figures exist once, as data.
 *
 * The folder is named from the source tree on purpose: this file runs as src/modules/standards
 * under the tests and as dist/modules/standards in production, both three levels below
 * packages/server, so the one URL finds the files either way without a copy step in the build.
 */
export const PRESETS_DIR = new URL('../../../src/modules/standards/presets/', import.meta.url);

type PresetSource = Omit<PadraoPreset, 'pontos'>;

/** The source documents are those the folder's README names; `chave` is the file name. */
const PRESET_SOURCES: readonly PresetSource[] = [
  {
    chave: 'ross308-2019-as-hatched',
    nome: 'Ross 308 2019',
    linhagem: 'Ross 308',
    edicao: '2019',
    sexo: 'misto',
    fonte: 'Aviagen, Ross 308/308 FF Broiler Performance Objectives 2019',
  },
  {
    chave: 'cobb500-2018-as-hatched',
    nome: 'Cobb 500 2018',
    linhagem: 'Cobb 500',
    edicao: '2018',
    sexo: 'misto',
    fonte: 'Cobb 500 Broiler Performance & Nutrition Supplement 2018',
  },
];

/** Reads and parses every preset; a file that does not parse is a fault of the repository, so it throws. */
export function loadPresets(dir: URL = PRESETS_DIR): PadraoPreset[] {
  return PRESET_SOURCES.map((source) => {
    const file = new URL(`${source.chave}.csv`, dir);
    const parsed = parseStandardCsv(readFileSync(file, 'utf8'));
    if ('error' in parsed) throw new Error(`breed-standard preset ${file.pathname} is not a valid standard (line ${parsed.line ?? '?'})`);
    return { ...source, pontos: parsed.pontos };
  });
}
