import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/media/src/database/media.schema.ts',
  out: process.env['DRIZZLE_OUT'] ?? './apps/media/migrations',
  schemaFilter: ['media'],
});
