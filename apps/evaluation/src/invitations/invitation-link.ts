/**
 * The hub's page of an evaluation, as an invitation links it: `HUB_APP_ORIGIN` + `/evaluations/<id>`,
 * with the sign-in address in the fragment (`#email=<address, URL-encoded>`) for the hub to fill
 * in. The link carries no credential, and a fragment never travels to a server, so the address
 * reaches no access log (docs/adr/0077-evaluation-invitations.md). A trailing slash of the
 * configured origin is dropped, as the support desk's links do.
 */
export function invitationLink(hubAppOrigin: string, evaluationId: string, emailAddress: string): string {
  const base = hubAppOrigin.replace(/\/+$/, '');
  return `${base}/evaluations/${encodeURIComponent(evaluationId)}#email=${encodeURIComponent(emailAddress)}`;
}
