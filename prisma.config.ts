// Prisma CLI configuration. The CLI is used here only for `prisma generate`; migrations are made
// and applied by the WebAssembly schema engine (src/db/migrator.ts), see README "Migrations".
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});
