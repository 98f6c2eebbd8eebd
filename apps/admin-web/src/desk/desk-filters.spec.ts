import { deskQuery, filtersOf, NO_FILTERS, searchOf } from './desk-filters';

describe('the desk filters in the address', () => {
  it('read back what they wrote', () => {
    const filters = {
      ...NO_FILTERS,
      status: 'IN_PROGRESS' as const,
      priority: 'HIGH' as const,
      q: 'login fails',
      createdFrom: '2026-01-01',
      includeDeleted: true,
      page: 3,
    };
    const search = searchOf(filters);
    expect(search).toBe('?status=IN_PROGRESS&priority=HIGH&createdFrom=2026-01-01&q=login+fails&includeDeleted=true&page=3');
    expect(filtersOf(search)).toEqual(filters);
  });

  it('leave out what is unknown or malformed, and page 1', () => {
    expect(filtersOf('?status=DONE&priority=urgent&page=-2&createdTo=yesterday')).toEqual(NO_FILTERS);
    expect(searchOf(NO_FILTERS)).toBe('');
  });
});

describe('deskQuery', () => {
  it('asks the API for one page with only the filters set, the end date as a whole day', () => {
    expect(deskQuery(NO_FILTERS)).toEqual({ page: 1, limit: 20 });
    expect(deskQuery({ ...NO_FILTERS, createdFrom: '2026-02-01', createdTo: '2026-02-03', assigneeId: ' acc ', page: 2 })).toEqual({
      page: 2,
      limit: 20,
      assigneeId: 'acc',
      createdFrom: '2026-02-01T00:00:00.000Z',
      createdTo: '2026-02-03T23:59:59.999Z',
    });
  });
});
