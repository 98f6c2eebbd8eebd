import { membersOnPage, withMember, withoutMember } from './team-members';

describe("a team's members", () => {
  const ids = ['a', 'b', 'c', 'd', 'e'];

  it('pages the member list in order, a page past the end empty', () => {
    expect(membersOnPage(ids, 1, 2)).toEqual(['a', 'b']);
    expect(membersOnPage(ids, 3, 2)).toEqual(['e']);
    expect(membersOnPage(ids, 4, 2)).toEqual([]);
    expect(membersOnPage(ids, 0, 2)).toEqual(['a', 'b']);
  });

  it('adds a member once, at the end, and removes one', () => {
    expect(withMember(ids, 'f')).toEqual([...ids, 'f']);
    expect(withMember(ids, 'c')).toEqual(ids);
    expect(withoutMember(ids, 'c')).toEqual(['a', 'b', 'd', 'e']);
    expect(withoutMember(ids, 'z')).toEqual(ids);
  });
});
