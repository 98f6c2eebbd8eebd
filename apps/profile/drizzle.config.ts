import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/profile/src/database/profile.schema.ts',
  out: process.env['DRIZZLE_OUT'] ?? './apps/profile/migrations',
  schemaFilter: ['profile'],
});
