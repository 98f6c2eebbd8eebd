import { upstreamAddressesOf, upstreamResolver, upstreamServers } from './upstream-servers';

describe('upstreamAddressesOf', () => {
  it('reads a comma-separated host:port list, trimming entries and skipping blank ones', () => {
    expect(upstreamAddressesOf(' evaluation:9103 ,, 10.0.0.7:10103,', 'EVALUATION_UPSTREAM')).toEqual([
      'evaluation:9103',
      '10.0.0.7:10103',
    ]);
  });

  it.each([
    '',
    ' , ',
    'evaluation',
    'evaluation:0',
    'evaluation:65536',
    'http://evaluation:9103',
    'evaluation:9103; server evil:1',
    'eval uation:9103',
    '-evaluation:9103',
    '[::1]:9103',
  ])('refuses %j with one line naming the setting', (value) => {
    expect(() => upstreamAddressesOf(value, 'EVALUATION_UPSTREAM')).toThrow(
      /^invalid configuration: EVALUATION_UPSTREAM has ".*", which is not a host:port list such as evaluation:9103$/,
    );
  });
});

describe('upstreamServers', () => {
  it('makes each address a server with the passive health check; names are re-resolved', () => {
    expect(upstreamServers(['127.0.0.1:9103', '127.0.0.1:10103'])).toBe(
      'server 127.0.0.1:9103 max_fails=2 fail_timeout=5s; server 127.0.0.1:10103 max_fails=2 fail_timeout=5s;',
    );
    expect(upstreamServers(['evaluation:9103'])).toBe('server evaluation:9103 resolve max_fails=2 fail_timeout=5s;');
  });
});

describe('upstreamResolver', () => {
  it('is empty when every upstream is an address, and Docker’s DNS asked every 10 s when one is a name', () => {
    expect(upstreamResolver(['127.0.0.1:9000', '10.1.2.3:9103'])).toBe('');
    expect(upstreamResolver(['127.0.0.1:9000', 'evaluation:9103'])).toBe('resolver 127.0.0.11 valid=10s ipv6=off;');
    expect(upstreamResolver(['evaluation:9103'], '10.96.0.10:53')).toBe('resolver 10.96.0.10:53 valid=10s ipv6=off;');
  });

  it('refuses a resolver that is not an IPv4 address', () => {
    expect(() => upstreamResolver(['evaluation:9103'], 'dns.example; include /etc/passwd')).toThrow(
      'invalid configuration: GATEWAY_RESOLVER has "dns.example; include /etc/passwd", which is not an IPv4 address such as 127.0.0.11',
    );
  });
});
