import { z } from 'zod';

/** Settings of the local runner (`npm start`); services validate their own on top. */
const runnerSchema = z.object({
  GATEWAY_PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  DATABASE_URL: z.string().refine((value) => /^postgres(ql)?:\/\//.test(value), 'must be a postgres:// URL').optional(),
  EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  SMTP_URL: z.string().refine((value) => /^smtps?:\/\//.test(value), 'must be an smtp:// URL').optional(),
  MAILDEV_SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(1025),
  MAILDEV_WEB_PORT: z.coerce.number().int().min(1).max(65535).default(1080),
  DATA_DIR: z.string().min(1).default('.data'),
});

/** Every environment variable the runner itself reads (it passes the rest on to the services). */
export const RUNNER_ENVIRONMENT_VARIABLES: readonly string[] = runnerSchema.keyof().options;

export type RunnerConfig = z.infer<typeof runnerSchema>;

export function loadRunnerConfig(env: NodeJS.ProcessEnv): RunnerConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = runnerSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`invalid configuration: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim());
  }
  return parsed.data;
}
