import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/organisation/src/database/organisation.schema.ts',
  out: process.env['DRIZZLE_OUT'] ?? './apps/organisation/migrations',
  schemaFilter: ['organisation'],
});
