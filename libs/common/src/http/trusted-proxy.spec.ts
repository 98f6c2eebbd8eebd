import proxyAddr from '@fastify/proxy-addr';
import fc from 'fast-check';
import { trustedProxy } from './trusted-proxy';

const RANGES = ['loopback', 'uniquelocal'];

describe('trustedProxy', () => {
  const compiled = proxyAddr.compile(RANGES);

  it.each([
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.10.20', true],
    ['fd12:3456::1', true],
    ['fe80::1', false],
    ['203.0.113.7', false],
    ['::ffff:203.0.113.7', false],
    ['2001:db8::1', false],
    ['', false],
    ['not an address', false],
    ['127.1', true], // ipaddr.js reads it as 127.0.0.1
    ['999.0.0.1', false],
  ])('answers %j as proxy-addr does (%s)', (address, expected) => {
    const trusts = trustedProxy(RANGES);
    expect(compiled(address, 0)).toBe(expected);
    expect(trusts(address, 0)).toBe(expected);
    // Asked again, from what it remembers.
    expect(trusts(address, 1)).toBe(expected);
  });

  it("asks proxy-addr's check once per address, then answers from memory", () => {
    const asked: string[] = [];
    const compile = jest.spyOn(proxyAddr, 'compile').mockImplementation(() => (address, hop) => {
      asked.push(address);
      return compiled(address, hop);
    });
    try {
      const trusts = trustedProxy(RANGES);
      for (let call = 0; call < 3; call += 1) for (const address of ['127.0.0.1', '203.0.113.7']) trusts(address, 0);
      expect(asked).toEqual(['127.0.0.1', '203.0.113.7']);
      expect([trusts('127.0.0.1', 0), trusts('203.0.113.7', 0)]).toEqual([true, false]);
    } finally {
      compile.mockRestore();
    }
  });

  it('answers any address as proxy-addr does, however many it has seen', () => {
    const trusts = trustedProxy(RANGES);
    const ipv4 = fc
      .tuple(fc.constantFrom(10, 127, 172, 192, 203, 8), fc.nat(255), fc.nat(255), fc.nat(255))
      .map((parts) => parts.join('.'));
    const ipv6 = fc.ipV6();
    const mapped = ipv4.map((address) => `::ffff:${address}`);
    fc.assert(
      fc.property(fc.array(fc.oneof(ipv4, ipv6, mapped, fc.string()), { minLength: 1, maxLength: 200 }), (addresses) => {
        for (const address of [...addresses, ...addresses]) expect(trusts(address, 0)).toBe(compiled(address, 0));
      }),
    );
  });
});
