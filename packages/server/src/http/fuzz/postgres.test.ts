import { describeFuzzOfEveryCall } from '../../test/fuzz/suites.js';

// The fuzz of every call on PostgreSQL (its SQLite twin and the edge sweep run beside it as other files).
await describeFuzzOfEveryCall('postgres', 'postgres.test.ts');
