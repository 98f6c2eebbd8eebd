import { basicUserOf } from './partner-key.guard';

const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;

describe('basicUserOf', () => {
  it('is the user name of HTTP Basic, with or without a password', () => {
    expect(basicUserOf(basic('tfk_abc:'))).toBe('tfk_abc');
    expect(basicUserOf(basic('tfk_abc:ignored'))).toBe('tfk_abc');
    expect(basicUserOf(basic('tfk_abc'))).toBe('tfk_abc');
    expect(basicUserOf(`basic   ${Buffer.from('tfk_abc:').toString('base64')}  `)).toBe('tfk_abc');
  });

  it('is undefined for another scheme, no header or a credential that is not base64', () => {
    expect(basicUserOf(undefined)).toBeUndefined();
    expect(basicUserOf('')).toBeUndefined();
    expect(basicUserOf('Bearer tfk_abc')).toBeUndefined();
    expect(basicUserOf('Basic %%%')).toBeUndefined();
    expect(basicUserOf('Basic a b')).toBeUndefined();
  });
});
