// Applies the migrations to a database in a process of its own (the schema engine's WebAssembly
// stays out of the memory a benchmark measures).
//   node bin/run-ts.js bench/lib/migrate-child.ts <connection string>
import { applyMigrations } from '../../src/db/migrator.ts';
import { migrationTarget } from '../../src/db/database.ts';

await applyMigrations(migrationTarget(process.argv[2]!, 'server'));
