import path from 'node:path';
import { readNodeRuntime } from './node-runtime';
import { serviceProcess } from './service-process';

const REPOSITORY_ROOT = path.resolve(__dirname, '../..');
const settings = {
  databaseUrl: 'postgres://localhost/teamfit',
  smtpUrl: 'smtp://127.0.0.1:1025',
  keys: { privateKeyPem: 'private', publicKeyPem: 'public' },
  distRoot: '/app/dist',
  repositoryRoot: REPOSITORY_ROOT,
};
const runtime = readNodeRuntime(REPOSITORY_ROOT);

describe('serviceProcess', () => {
  it("starts the service's own entry in the built tree, as the images do", () => {
    expect(serviceProcess('evaluation', settings, {}).args).toEqual(['/app/dist/apps/evaluation/src/main.js']);
  });

  it('applies deploy/node-runtime.env, unless the environment sets a variable itself', () => {
    expect(Object.keys(runtime).sort()).toEqual(['MALLOC_MMAP_THRESHOLD_', 'NODE_OPTIONS']);
    const { env } = serviceProcess('evaluation', settings, {});
    for (const [name, value] of Object.entries(runtime)) expect({ name, value: env[name] }).toEqual({ name, value });
    expect(serviceProcess('evaluation', settings, { MALLOC_MMAP_THRESHOLD_: '1048576' }).env['MALLOC_MMAP_THRESHOLD_']).toBe('1048576');
  });

  it('gives the private key only to the services that sign tokens', () => {
    expect(serviceProcess('auth', settings, {}).env['JWT_PRIVATE_KEY']).toBe('private');
    expect(serviceProcess('evaluation', settings, {}).env['JWT_PRIVATE_KEY']).toBe('');
  });

  it("keeps Node's compile cache where the runner says, and none otherwise", () => {
    expect(serviceProcess('evaluation', { ...settings, codeCacheDir: '/data/cache' }, {}).env['NODE_COMPILE_CACHE']).toBe('/data/cache');
    expect(serviceProcess('evaluation', settings, {}).env['NODE_COMPILE_CACHE']).toBeUndefined();
  });

  it('keeps media in the data folder unless MEDIA_DIR says otherwise', () => {
    expect(serviceProcess('media', { ...settings, dataDir: '/srv/teamfit-data' }, {}).env['MEDIA_DIR']).toBe('/srv/teamfit-data/media');
    expect(serviceProcess('media', { ...settings, dataDir: '/srv/teamfit-data' }, { MEDIA_DIR: '/mnt/media' }).env['MEDIA_DIR']).toBe(
      '/mnt/media',
    );
  });
});
