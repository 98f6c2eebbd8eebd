import { listAddress, pageCount, readListQuery, totalCountOf } from './list-query';

describe("a list page's query in the address", () => {
  it('reads the page and the named filters, trimmed, and nothing else', () => {
    expect(readListQuery('?page=3&search=%20ada%20&status=ACTIVE&sort=x', ['search', 'role', 'status'])).toEqual({
      page: 3,
      filters: { search: 'ada', status: 'ACTIVE' },
    });
  });

  it('falls back to page 1 for a missing, zero, negative, fractional or absurd page', () => {
    for (const search of ['', '?page=0', '?page=-2', '?page=1.5', '?page=abc', '?page=99999999999', '?page='])
      expect({ search, page: readListQuery(search, []).page }).toEqual({ search, page: 1 });
  });

  it('writes the address without defaults, so the first unfiltered page is the bare path', () => {
    expect(listAddress('/personas', { page: 1, filters: {} })).toBe('/personas');
    expect(listAddress('/personas', { page: 1, filters: { search: '  ' } })).toBe('/personas');
    expect(listAddress('/personas', { page: 2, filters: { search: 'ada lovelace', status: 'ACTIVE' } })).toBe(
      '/personas?search=ada+lovelace&status=ACTIVE&page=2',
    );
    const query = { page: 4, filters: { role: 'Data & AI' } };
    expect(readListQuery(listAddress('/personas', query).replace('/personas', ''), ['role'])).toEqual(query);
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });

  it('reads X-Total-Count only when it is a count', () => {
    expect(totalCountOf(new Response(null, { headers: { 'X-Total-Count': '42' } }))).toBe(42);
    expect(totalCountOf(new Response(null, { headers: { 'X-Total-Count': '-1' } }))).toBeNull();
    expect(totalCountOf(new Response(null))).toBeNull();
  });
});
