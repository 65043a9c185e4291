/** The sex-split module's public face: a mixed weighing split into males and females (getseparacaosexo). */
export { sexSplitModule } from './module.js';
export { sexSplitService, type SexSplitService } from './service.js';
