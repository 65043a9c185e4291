/** The sex split of a mixed weighing (issue 20): a two-component normal mixture by EM, held to the expected ratio. docs/sex-split.md. */
export { contarPesos, SEPARACAO_BIN_G, type PesosContados } from './histogram.js';
export { SEPARACAO_CV_MINIMO } from './mixture.js';
export {
  normalCdf,
  separarSexos,
  SEPARACAO_D_MINIMO,
  SEPARACAO_FORCA_PROPORCAO,
  SEPARACAO_PROPORCAO_MINIMA,
  SEPARACAO_RAZAO_LIVRE,
  SEPARACAO_RAZAO_TOLERANCIA,
  type SeparacaoCalculo,
  type SeparacaoEntrada,
  type SeparacaoGrupoCalculo,
  type SeparacaoSituacao,
} from './split.js';
