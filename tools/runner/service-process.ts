import { SERVICES, type ServiceName } from '@teamfit/common/services';
import path from 'node:path';

export interface ServiceProcessSettings {
  databaseUrl: string;
  smtpUrl: string;
  keys: { privateKeyPem: string; publicKeyPem: string };
  /** Root of the built tree (`dist/`). */
  distRoot: string;
  repositoryRoot: string;
  /** The port to listen on; the service's fixed port by default. */
  port?: number;
  /** Where V8's compiled code of the services' bundle is kept between starts (tools/services/code-cache.ts); none by default. */
  codeCacheDir?: string;
}

/**
 * V8's young generation, in MiB per semi-space. Node's default (16) lets an idle service keep
 * about 30 MiB of young-generation pages resident. At 2 MiB an idle service keeps about 1-2 MiB
 * more than at 1 MiB, and an authenticated read costs 8-13 % less CPU (fewer scavenges, fewer
 * in-flight requests promoted): docs/decisions.md, "Running".
 */
export const SEMI_SPACE_MIB = 2;

/**
 * glibc's threshold, in bytes, above which an allocation gets pages of its own, returned to the
 * system when freed. Left to itself, glibc raises the threshold to the largest block freed so far,
 * so the start's big temporary blocks (compiling, writing the code cache) are then carved from the
 * heap and stay resident in an idle service. Fixed at glibc's initial 128 KiB: the idle platform
 * 650-653 → 630-634 MiB warm, 713-716 → 675-677 MiB cold; under load a service makes no more
 * mmap calls than before (strace): docs/decisions.md, "Running". The Dockerfile sets the same.
 */
export const MALLOC_MMAP_THRESHOLD_BYTES = 131_072;

/**
 * The command line of one service after `node`: the five services are bundled into one file
 * (tools/bundle.mjs), which runs the one it is given. The Dockerfile's command says the same.
 * No `--enable-source-maps`: it costs memory in every process and time on every stack trace;
 * stack frames point into dist/services.js, whose source map leads back to the TypeScript.
 */
export function serviceCommand(distRoot: string, name: string): string[] {
  return [`--max-semi-space-size=${SEMI_SPACE_MIB}`, path.join(distRoot, 'services.js'), name];
}

/** How one service process is started, for `npm start` and for the benchmarks alike, so that what is measured is what runs. */
export function serviceProcess(name: ServiceName, settings: ServiceProcessSettings, env: NodeJS.ProcessEnv = process.env): { args: string[]; env: NodeJS.ProcessEnv } {
  // Only the services that issue tokens hold the private key.
  const signs = name === 'auth' || name === 'profile';
  return {
    args: serviceCommand(settings.distRoot, name),
    env: {
      ...env,
      PORT: String(settings.port ?? SERVICES[name].port),
      HOST: '127.0.0.1',
      DATABASE_URL: settings.databaseUrl,
      SMTP_URL: settings.smtpUrl,
      JWT_PUBLIC_KEY: settings.keys.publicKeyPem,
      JWT_PRIVATE_KEY: signs ? settings.keys.privateKeyPem : '',
      LOG_LEVEL: env['LOG_LEVEL'] ?? 'warn',
      // People read `npm start`'s output; containers and log collectors get JSON lines.
      LOG_FORMAT: env['LOG_FORMAT'] ?? 'pretty',
      ...(process.stdout.isTTY ? {} : { NO_COLOR: '1' }),
      MEDIA_DIR: env['MEDIA_DIR'] ?? path.join(settings.repositoryRoot, '.data', 'media'),
      ...(settings.codeCacheDir ? { NODE_COMPILE_CACHE: settings.codeCacheDir } : {}),
      MALLOC_MMAP_THRESHOLD_: env['MALLOC_MMAP_THRESHOLD_'] ?? String(MALLOC_MMAP_THRESHOLD_BYTES),
    },
  };
}
