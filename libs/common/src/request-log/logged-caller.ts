/**
 * Who made an API call, as the log records it: the access token the guard verified. The guard
 * (libs/auth) puts its verified token on the request as `principal`; this library may not import
 * libs/auth, so it reads the few claims it needs through this shape, which the guard's request
 * type extends (a change on either side that breaks it fails to compile).
 */
export interface LoggedPrincipal {
  /** The token's kind: 'account', 'persona', or a sign-in step's ('login', 'persona-login'). */
  kind: string;
  sub: string;
  personaId?: string;
  isAdmin?: boolean;
}

/** A request the access guard may have let in. */
export interface PrincipalCarrier {
  principal?: LoggedPrincipal;
}

/** 'administrator': an account whose access token carries administrator rights. */
export type CallerKind = 'persona' | 'account' | 'administrator';

export interface LoggedCaller {
  callerKind: CallerKind | null;
  callerId: string | null;
}

const NOBODY: LoggedCaller = { callerKind: null, callerId: null };

/**
 * The caller of a call: only an access token (account or persona) names one. A call the guard
 * refused, a public route, or a sign-in step's token (handed to anyone who names an address)
 * proves no identity, and is recorded without a caller.
 */
export function loggedCallerOf(request: PrincipalCarrier): LoggedCaller {
  const principal = request.principal;
  if (principal === undefined) return NOBODY;
  if (principal.kind === 'persona') return { callerKind: 'persona', callerId: principal.personaId ?? principal.sub };
  if (principal.kind === 'account')
    return { callerKind: principal.isAdmin === true ? 'administrator' : 'account', callerId: principal.sub };
  return NOBODY;
}
