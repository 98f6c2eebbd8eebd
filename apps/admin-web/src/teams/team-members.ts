/** Members shown per page on a team's page: each is one call for its persona. */
export const MEMBERS_PER_PAGE = 10;

/** The ids of one page of a team's members, in the team's order. */
export function membersOnPage(memberIds: readonly string[], page: number, perPage = MEMBERS_PER_PAGE): string[] {
  const first = (Math.max(1, page) - 1) * perPage;
  return memberIds.slice(first, first + perPage);
}

/** The members after adding one (once, at the end) or removing one, as PUT …/teams/:id takes them. */
export function withMember(memberIds: readonly string[], personaId: string): string[] {
  return memberIds.includes(personaId) ? [...memberIds] : [...memberIds, personaId];
}

export function withoutMember(memberIds: readonly string[], personaId: string): string[] {
  return memberIds.filter((id) => id !== personaId);
}
