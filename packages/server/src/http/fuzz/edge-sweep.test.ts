import { describeEdgeSweep } from '../../test/fuzz/suites.js';

// Every call's edge values on every database of the run, the same status on each.
await describeEdgeSweep('edge-sweep.test.ts');
