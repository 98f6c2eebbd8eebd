import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/auth/src/database/auth.schema.ts',
  out: process.env['DRIZZLE_OUT'] ?? './apps/auth/migrations',
  schemaFilter: ['auth'],
});
