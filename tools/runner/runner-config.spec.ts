import { loadRunnerConfig, RUNNER_ENVIRONMENT_VARIABLES } from './runner-config';

describe('loadRunnerConfig', () => {
  it('gives the documented defaults when nothing is set, and treats empty values as unset', () => {
    expect(loadRunnerConfig({ GATEWAY_PORT: '  ', SMTP_URL: '' })).toEqual({
      GATEWAY_PORT: 8080,
      DATABASE_URL: undefined,
      EMBEDDED_POSTGRES_PORT: 54329,
      SMTP_URL: undefined,
      MAILDEV_SMTP_PORT: 1025,
      MAILDEV_WEB_PORT: 1080,
      DATA_DIR: '.data',
      ADMIN_APP_ORIGIN: 'http://localhost:3000',
      HUB_APP_ORIGIN: 'http://localhost:3001',
      CORS_ORIGINS: [],
      SERVICE_INSTANCES: { auth: 1, profile: 1, organisation: 1, media: 1, evaluation: 1 },
      SERVICE_BASE_PORT: 9000,
    });
  });

  it('reads every setting it is given', () => {
    const config = loadRunnerConfig({
      GATEWAY_PORT: '18080',
      DATABASE_URL: 'postgresql://u:p@db:5432/teamfit',
      EMBEDDED_POSTGRES_PORT: '15432',
      SMTP_URL: 'smtps://mail.example.test:465',
      MAILDEV_SMTP_PORT: '11025',
      MAILDEV_WEB_PORT: '11080',
      DATA_DIR: '/var/lib/teamfit',
      ADMIN_APP_ORIGIN: 'https://admin.teamfit.example/dashboard',
      HUB_APP_ORIGIN: 'https://hub.teamfit.example:443',
      CORS_ORIGINS: 'http://localhost:5173, https://preview.teamfit.example',
      SERVICE_INSTANCES: 'evaluation=3, organisation=2',
      SERVICE_BASE_PORT: '20000',
    });
    expect(config).toEqual({
      GATEWAY_PORT: 18080,
      DATABASE_URL: 'postgresql://u:p@db:5432/teamfit',
      EMBEDDED_POSTGRES_PORT: 15432,
      SMTP_URL: 'smtps://mail.example.test:465',
      MAILDEV_SMTP_PORT: 11025,
      MAILDEV_WEB_PORT: 11080,
      DATA_DIR: '/var/lib/teamfit',
      ADMIN_APP_ORIGIN: 'https://admin.teamfit.example',
      HUB_APP_ORIGIN: 'https://hub.teamfit.example',
      CORS_ORIGINS: ['http://localhost:5173', 'https://preview.teamfit.example'],
      SERVICE_INSTANCES: { auth: 1, profile: 1, organisation: 2, media: 1, evaluation: 3 },
      SERVICE_BASE_PORT: 20000,
    });
  });

  it.each([
    [{ GATEWAY_PORT: '80a' }, 'invalid configuration: GATEWAY_PORT must be a port number (1-65535)'],
    [{ MAILDEV_WEB_PORT: '70000' }, 'invalid configuration: MAILDEV_WEB_PORT must be a port number (1-65535)'],
    [{ EMBEDDED_POSTGRES_PORT: '0' }, 'invalid configuration: EMBEDDED_POSTGRES_PORT must be a port number (1-65535)'],
    [{ DATABASE_URL: 'mysql://db/teamfit' }, 'invalid configuration: DATABASE_URL must be a postgres:// URL'],
    [{ SMTP_URL: 'http://mail' }, 'invalid configuration: SMTP_URL must be an smtp:// URL'],
    [
      { ADMIN_APP_ORIGIN: 'localhost:3000' },
      'invalid configuration: ADMIN_APP_ORIGIN has "localhost:3000", which is not an http(s) origin',
    ],
    [{ CORS_ORIGINS: 'https://a.example,*' }, 'invalid configuration: CORS_ORIGINS has "*", which is not an http(s) origin'],
    [
      { SERVICE_INSTANCES: '0' },
      'invalid configuration: SERVICE_INSTANCES must be a number of instances (1-8) or a list such as evaluation=3,organisation=2',
    ],
    [
      { SERVICE_INSTANCES: 'evalution=2' },
      'invalid configuration: SERVICE_INSTANCES has "evalution=2", which is not <service>=<instances> for one of auth, profile, organisation, media, evaluation',
    ],
    [
      { SERVICE_BASE_PORT: '65500' },
      'invalid configuration: SERVICE_BASE_PORT 65500 puts instance 1 of the profile service on port 65600, past 65535',
    ],
    [
      { SERVICE_BASE_PORT: '61000', SERVICE_INSTANCES: 'media=6' },
      'invalid configuration: SERVICE_BASE_PORT 61000 puts instance 6 of the media service on port 66102, past 65535',
    ],
  ])('refuses %j with one line naming the setting', (env, message) => {
    expect(() => loadRunnerConfig(env)).toThrow(message);
  });

  it('lists exactly the settings it reads', () => {
    expect([...RUNNER_ENVIRONMENT_VARIABLES].sort()).toEqual([
      'ADMIN_APP_ORIGIN',
      'CORS_ORIGINS',
      'DATABASE_URL',
      'DATA_DIR',
      'EMBEDDED_POSTGRES_PORT',
      'GATEWAY_PORT',
      'HUB_APP_ORIGIN',
      'MAILDEV_SMTP_PORT',
      'MAILDEV_WEB_PORT',
      'SERVICE_BASE_PORT',
      'SERVICE_INSTANCES',
      'SMTP_URL',
    ]);
  });
});
