import { describeEdgeSweep } from '../../test/fuzz/suites.js';

// Part 4 of the edge sweep: every call's edge values on every database of the run, the same status on
// each (the other parts run beside it as other files; every call is in exactly one part).
await describeEdgeSweep('edge-sweep.4.test.ts', 4);
