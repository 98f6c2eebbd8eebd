import { checkTarget, isPublicAddress, parseTargetUrl, TargetRefused } from './webhook-target';

const STRICT = { allowPrivateTargets: false };
const LOCAL = { allowPrivateTargets: true };

describe('webhook target policy', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '2001:db8::1',
    '2002:7f00:1::1',
    '2001::1',
  ])('refuses the non-public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4001::1'])(
    'accepts the public address %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it('takes https only, without credentials, unless private targets are allowed', () => {
    expect(() => parseTargetUrl('http://93.184.215.14/hook', STRICT)).toThrow(new TargetRefused('url must be an https URL'));
    expect(() => parseTargetUrl('ftp://93.184.215.14/hook', LOCAL)).toThrow(new TargetRefused('url must be an http or https URL'));
    expect(() => parseTargetUrl('https://user:secret@93.184.215.14/hook', STRICT)).toThrow(TargetRefused);
    expect(() => parseTargetUrl('not a url', STRICT)).toThrow(new TargetRefused('url must be an absolute URL'));
    expect(parseTargetUrl('http://127.0.0.1:8080/hook', LOCAL).port).toBe('8080');
  });

  it('refuses address literals and names that resolve to private addresses, IPv6 in brackets too', async () => {
    await expect(checkTarget('https://127.0.0.1/hook', STRICT)).rejects.toThrow(/127\.0\.0\.1, which is not a public address/);
    await expect(checkTarget('https://[::1]/hook', STRICT)).rejects.toThrow(/::1, which is not a public address/);
    await expect(checkTarget('https://localhost/hook', STRICT)).rejects.toThrow(/which is not a public address/);
    await expect(checkTarget('https://93.184.215.14/hook', STRICT)).resolves.toMatchObject({ address: '93.184.215.14', family: 4 });
    await expect(checkTarget('http://localhost:9/hook', LOCAL)).resolves.toMatchObject({ family: expect.any(Number) });
  });
});
