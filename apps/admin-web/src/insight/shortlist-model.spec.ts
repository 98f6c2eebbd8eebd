import { EMPTY_SHORTLIST_FORM, pageCount, rankOf, shortlistRequest } from './shortlist-model';

describe('shortlistRequest', () => {
  it('sends only the sort and the page when no filter is set', () => {
    expect(shortlistRequest(EMPTY_SHORTLIST_FORM, 1, 10)).toEqual({ sort: 'combined', page: 1, limit: 10 });
  });

  it('sends each filter set, numbers as numbers and the date as the start of its day in UTC', () => {
    expect(
      shortlistRequest(
        { status: 'ACTIVE', role: 'CANDIDATE', completedAfter: '2026-03-01', minScore: '40.5', roleId: '7', roleWeight: 30, sort: 'role' },
        3,
        20,
      ),
    ).toEqual({
      status: 'ACTIVE',
      role: 'CANDIDATE',
      completedAfter: '2026-03-01T00:00:00.000Z',
      minScore: 40.5,
      roleId: 7,
      roleWeight: 30,
      sort: 'role',
      page: 3,
      limit: 20,
    });
  });

  it('sends the role weight only with a role, and a minimum score of 0 as 0', () => {
    const body = shortlistRequest({ ...EMPTY_SHORTLIST_FORM, roleWeight: 80, minScore: '0' }, 1, 10);
    expect(body.roleWeight).toBeUndefined();
    expect(body.minScore).toBe(0);
  });
});

describe('paging', () => {
  it('counts pages and ranks across them', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(rankOf(1, 10, 0)).toBe(1);
    expect(rankOf(3, 10, 4)).toBe(25);
  });
});
