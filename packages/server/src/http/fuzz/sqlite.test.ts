import { describeFuzzOfEveryCall } from '../../test/fuzz/suites.js';

// The fuzz of every call on SQLite (its PostgreSQL twin and the edge sweep run beside it as other files).
await describeFuzzOfEveryCall('sqlite', 'sqlite.test.ts');
