import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/evaluation/src/database/evaluation.schema.ts',
  out: process.env['DRIZZLE_OUT'] ?? './apps/evaluation/migrations',
  schemaFilter: ['evaluation'],
});
