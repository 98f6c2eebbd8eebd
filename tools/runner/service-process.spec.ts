import { MALLOC_MMAP_THRESHOLD_BYTES, SEMI_SPACE_MIB, serviceProcess } from './service-process';

const settings = {
  databaseUrl: 'postgres://localhost/teamfit',
  smtpUrl: 'smtp://127.0.0.1:1025',
  keys: { privateKeyPem: 'private', publicKeyPem: 'public' },
  distRoot: '/app/dist',
  repositoryRoot: '/app',
};

describe('serviceProcess', () => {
  it('starts the service from the bundle with the small young generation', () => {
    expect(serviceProcess('evaluation', settings, {}).args).toEqual([`--max-semi-space-size=${SEMI_SPACE_MIB}`, '/app/dist/services.js', 'evaluation']);
  });

  it("fixes glibc's mmap threshold, unless the environment sets its own", () => {
    expect(serviceProcess('evaluation', settings, {}).env['MALLOC_MMAP_THRESHOLD_']).toBe(String(MALLOC_MMAP_THRESHOLD_BYTES));
    expect(serviceProcess('evaluation', settings, { MALLOC_MMAP_THRESHOLD_: '1048576' }).env['MALLOC_MMAP_THRESHOLD_']).toBe('1048576');
  });

  it('gives the private key only to the services that sign tokens', () => {
    expect(serviceProcess('auth', settings, {}).env['JWT_PRIVATE_KEY']).toBe('private');
    expect(serviceProcess('evaluation', settings, {}).env['JWT_PRIVATE_KEY']).toBe('');
  });
});
