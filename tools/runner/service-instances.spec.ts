import { instancePort, parseServiceInstances, serviceInstances } from './service-instances';

describe('parseServiceInstances', () => {
  it('gives one process a service when unset', () => {
    expect(parseServiceInstances(undefined, 'SERVICE_INSTANCES')).toEqual({
      auth: 1,
      profile: 1,
      organisation: 1,
      media: 1,
      evaluation: 1,
    });
  });

  it('takes one number for every service, or a count per named service', () => {
    expect(parseServiceInstances('2', 'SERVICE_INSTANCES')).toEqual({ auth: 2, profile: 2, organisation: 2, media: 2, evaluation: 2 });
    expect(parseServiceInstances('evaluation=3,organisation = 2', 'SERVICE_INSTANCES')).toEqual({
      auth: 1,
      profile: 1,
      organisation: 2,
      media: 1,
      evaluation: 3,
    });
  });

  it.each([
    ['9', 'must be a number of instances (1-8)'],
    ['-1', 'has "-1", which is not <service>=<instances>'],
    ['evaluation=0', 'must be a number of instances (1-8)'],
    ['evaluation=two', 'must be a number of instances (1-8)'],
    ['evaluation', 'has "evaluation", which is not <service>=<instances>'],
    ['evaluation=2=3', 'has "evaluation=2=3", which is not <service>=<instances>'],
    ['evaluation=2,,auth=2', 'has "", which is not <service>=<instances>'],
    ['gateway=2', 'has "gateway=2", which is not <service>=<instances> for one of auth, profile, organisation, media, evaluation'],
    ['media=2,media=3', 'names media twice'],
  ])('refuses %j', (value, message) => {
    expect(() => parseServiceInstances(value, 'SERVICE_INSTANCES')).toThrow(`invalid configuration: SERVICE_INSTANCES ${message}`);
  });
});

describe('instance ports', () => {
  it('keeps the fixed ports for first instances and steps by 1000 for the others', () => {
    expect(instancePort(9000, 'evaluation', 1)).toBe(9103);
    expect(instancePort(9000, 'evaluation', 2)).toBe(10103);
    expect(instancePort(9000, 'organisation', 3)).toBe(11107);
    expect(instancePort(30000, 'profile', 1)).toBe(30100);
  });

  it('lists first instances first, every port once, labelled for the log', () => {
    const all = serviceInstances({ instances: { auth: 1, profile: 1, organisation: 1, media: 2, evaluation: 3 }, basePort: 9000 });
    expect(all.map((instance) => `${instance.name}:${instance.port}`)).toEqual([
      'auth:9000',
      'profile:9100',
      'organisation:9107',
      'media#1:9102',
      'evaluation#1:9103',
      'media#2:10102',
      'evaluation#2:10103',
      'evaluation#3:11103',
    ]);
    expect(new Set(all.map((instance) => instance.port)).size).toBe(all.length);
    expect(all[0]?.label).toBe('the auth service (port 9000)');
    expect(all[7]?.label).toBe('the evaluation service (instance 3 of 3, port 11103)');
  });
});
