/** The pages of the hub. Anything else is a page of its own saying it does not exist. */
export type Route =
  | { name: 'home' }
  | { name: 'evaluation'; evaluationId: string }
  | { name: 'service-requests' }
  | { name: 'service-request'; requestId: string }
  | { name: 'not-found' };

const segment = (value: string): string | null => {
  try {
    const decoded = decodeURIComponent(value);
    return decoded && !decoded.includes('/') ? decoded : null;
  } catch {
    return null;
  }
};

/** The route of a path; a trailing slash is the same page. */
export function matchRoute(pathname: string): Route {
  const parts = pathname.replace(/\/+$/, '').split('/').slice(1);
  if (parts.length === 0 || (parts.length === 1 && parts[0] === '')) return { name: 'home' };
  const [first, second, ...rest] = parts;
  if (rest.length > 0) return { name: 'not-found' };
  if (first === 'evaluations' && second !== undefined) {
    const evaluationId = segment(second);
    return evaluationId ? { name: 'evaluation', evaluationId } : { name: 'not-found' };
  }
  if (first === 'service-requests') {
    if (second === undefined) return { name: 'service-requests' };
    const requestId = segment(second);
    return requestId ? { name: 'service-request', requestId } : { name: 'not-found' };
  }
  return { name: 'not-found' };
}

/** Pages that need a signed-in persona; the others show without one. */
export function needsSignIn(route: Route): boolean {
  return route.name === 'evaluation' || route.name === 'service-requests' || route.name === 'service-request';
}

export const evaluationPath = (evaluationId: string): string => `/evaluations/${encodeURIComponent(evaluationId)}`;
export const serviceRequestPath = (requestId: string): string => `/service-requests/${encodeURIComponent(requestId)}`;

/** The address an invitation link prefills (`#email=<address>`), if it looks like one. */
export function emailFromFragment(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const email = params.get('email')?.trim();
  return email && /^[^\s@]+@[^\s@]+$/.test(email) && email.length <= 254 ? email : null;
}
