// Who may call what, declared once per operation of the platform (paths as the gateway exposes
// them). authorization-matrix.e2e-spec.ts calls every operation of the OpenAPI documents as each
// kind of caller and compares the answer with this table; an operation without a rule here fails
// it, so a new route cannot ship without someone deciding who may call it.

/** The callers of the matrix. "Self" owns the fixtures of persona-owned routes, "other" does not. */
export const CALLERS = ['none', 'login', 'personaLogin', 'refresh', 'personaSelf', 'personaOther', 'account', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];

/** `allowed`: any answer but 401/403 (a 400 or 404 means the caller got past the access rules). */
export type Outcome = 'allowed' | 401 | 403;
export type AccessRule = Readonly<Record<Caller, Outcome>>;

const REFUSED = {
  none: 401,
  login: 403,
  personaLogin: 403,
  refresh: 403,
  personaSelf: 403,
  personaOther: 403,
  account: 403,
  admin: 403,
} as const;

/** No token needed (a token of any kind, even a refresh token, changes nothing). */
export const PUBLIC: AccessRule = {
  none: 'allowed',
  login: 'allowed',
  personaLogin: 'allowed',
  refresh: 'allowed',
  personaSelf: 'allowed',
  personaOther: 'allowed',
  account: 'allowed',
  admin: 'allowed',
};
/** The verify step of the account sign-in: only the login token it handed out. */
export const SIGN_IN_STEP: AccessRule = { ...REFUSED, login: 'allowed' };
/**
 * The verify step of the persona sign-in: only a persona-login token, and any other token is an
 * invalid one for this step: 401, as the contract says for it (elsewhere a present token is 403).
 */
export const PERSONA_SIGN_IN_STEP: AccessRule = {
  none: 401,
  login: 401,
  personaLogin: 'allowed',
  refresh: 401,
  personaSelf: 401,
  personaOther: 401,
  account: 401,
  admin: 401,
};
/** Every write of the dashboard, and private files: administrator accounts only. */
export const ADMIN_ONLY: AccessRule = { ...REFUSED, admin: 'allowed' };
/** The dashboard's reads: any account, no persona. */
export const ACCOUNTS_READ: AccessRule = { ...REFUSED, account: 'allowed', admin: 'allowed' };
/**
 * The token's own persona (the route takes no id). Account tokens pass the guard and are refused
 * inside with a 400 (`The token carries no personaId claim`): they reach no persona's data.
 */
export const PERSONA_TOKEN: AccessRule = {
  ...REFUSED,
  personaSelf: 'allowed',
  personaOther: 'allowed',
  account: 'allowed',
  admin: 'allowed',
};
/** The requester's own tickets: any access token (a ticket of someone else is 404 inside). */
export const ANY_ACCESS_TOKEN: AccessRule = {
  ...REFUSED,
  personaSelf: 'allowed',
  personaOther: 'allowed',
  account: 'allowed',
  admin: 'allowed',
};
/** A persona's own resource, read: every account, and that persona alone among personas. */
export const PERSONA_OWNED_READ: AccessRule = { ...ACCOUNTS_READ, personaSelf: 'allowed' };
/** Only the persona itself, with its own token (proving its own new e-mail address). */
export const PERSONA_ITSELF: AccessRule = { ...REFUSED, personaSelf: 'allowed' };
/** A persona's own resource, changed: administrators and that persona alone (never a non-admin account). */
export const PERSONA_OWNED_WRITE: AccessRule = { ...ADMIN_ONLY, personaSelf: 'allowed' };
/** Everything held about a persona (its export): administrators and that persona alone, never another account. */
export const PERSONA_DATA: AccessRule = PERSONA_OWNED_WRITE;
/**
 * compare-team as the matrix calls it, against a team other than the evaluation's own: accounts
 * may; a persona may not even with its own evaluation (a persona compares only with its own team).
 */
export const OWN_TEAM_ONLY_FOR_PERSONAS: AccessRule = ACCOUNTS_READ;

/**
 * The partner API (HTTP Basic, an organisation's partner API key as the user name): no Bearer
 * token of any kind is a credential there, so every caller of the matrix is refused with a 401
 * and a `WWW-Authenticate: Basic` challenge; apps/evaluation/test/greenhouse.e2e-spec.ts calls them with keys.
 */
export const PARTNER_KEY_ONLY: AccessRule = {
  none: 401,
  login: 401,
  personaLogin: 401,
  refresh: 401,
  personaSelf: 401,
  personaOther: 401,
  account: 401,
  admin: 401,
};

export const OPERATION_RULES: Readonly<Record<string, AccessRule>> = {
  'POST /auth/login': PUBLIC,
  'POST /auth/verify': SIGN_IN_STEP,
  'POST /auth/token': PUBLIC,
  'POST /auth/logout': PUBLIC,
  'GET /auth/.well-known/jwks.json': PUBLIC,
  'GET /auth/health': PUBLIC,
  'GET /auth/health/ready': PUBLIC,
  'GET /auth/_ping': PUBLIC,
  'POST /profile/persona/login': PUBLIC,
  'POST /profile/persona/verify': PERSONA_SIGN_IN_STEP,
  'POST /profile/persona/token': PUBLIC,
  'POST /profile/persona/logout': PUBLIC,
  'POST /profile/persona/{id}/email/verify': PERSONA_ITSELF,
  'GET /profile/persona/me': PERSONA_TOKEN,
  'GET /profile/persona/profile': PERSONA_TOKEN,
  'GET /profile/persona/status': PERSONA_TOKEN,
  'GET /profile/persona': ACCOUNTS_READ,
  'POST /profile/persona': ADMIN_ONLY,
  'GET /profile/persona/{id}': PERSONA_OWNED_READ,
  'PUT /profile/persona/{id}': ADMIN_ONLY,
  'DELETE /profile/persona/{id}': ADMIN_ONLY,
  'POST /profile/persona/{id}/erase': ADMIN_ONLY,
  'PUT /profile/persona/{id}/access': ADMIN_ONLY,
  'PATCH /profile/persona/{id}': PERSONA_OWNED_WRITE,
  'GET /profile/persona/{id}/export': PERSONA_DATA,
  'GET /profile/me': ACCOUNTS_READ,
  'GET /profile/teammate': ACCOUNTS_READ,
  'POST /profile/teammate': ADMIN_ONLY,
  'GET /profile/teammate/{id}': ACCOUNTS_READ,
  'PUT /profile/teammate/{id}': ADMIN_ONLY,
  'DELETE /profile/teammate/{id}': ADMIN_ONLY,
  'GET /profile/team': ACCOUNTS_READ,
  'POST /profile/team': ADMIN_ONLY,
  'GET /profile/team/{id}': ACCOUNTS_READ,
  'PUT /profile/team/{id}': ADMIN_ONLY,
  'DELETE /profile/team/{id}': ADMIN_ONLY,
  'GET /profile/health': PUBLIC,
  'GET /profile/health/ready': PUBLIC,
  'GET /profile/_ping': PUBLIC,
  'GET /organisation/account': ACCOUNTS_READ,
  'POST /organisation/account': ADMIN_ONLY,
  'GET /organisation/account/{id}': ACCOUNTS_READ,
  'PUT /organisation/account/{id}': ADMIN_ONLY,
  'DELETE /organisation/account/{id}': ADMIN_ONLY,
  'GET /organisation/stats': ACCOUNTS_READ,
  'GET /organisation/stats/visitors': ACCOUNTS_READ,
  'GET /organisation/stats/byapp': ACCOUNTS_READ,
  'GET /organisation/organisation': ACCOUNTS_READ,
  'POST /organisation/organisation': ADMIN_ONLY,
  'GET /organisation/organisation/{id}': ACCOUNTS_READ,
  'PUT /organisation/organisation/{id}': ADMIN_ONLY,
  'DELETE /organisation/organisation/{id}': ADMIN_ONLY,
  'POST /organisation/organisations/{id}/api-keys': ADMIN_ONLY,
  'GET /organisation/organisations/{id}/api-keys': ADMIN_ONLY,
  'POST /organisation/organisations/{id}/api-keys/{keyId}/revoke': ADMIN_ONLY,
  'GET /organisation/health': PUBLIC,
  'GET /organisation/health/ready': PUBLIC,
  'GET /organisation/_ping': PUBLIC,
  'GET /organisation/country': ACCOUNTS_READ,
  'POST /organisation/country': ADMIN_ONLY,
  'GET /organisation/country/{id}': ACCOUNTS_READ,
  'PUT /organisation/country/{id}': ADMIN_ONLY,
  'DELETE /organisation/country/{id}': ADMIN_ONLY,
  'GET /organisation/industry': ACCOUNTS_READ,
  'POST /organisation/industry': ADMIN_ONLY,
  'GET /organisation/industry/{id}': ACCOUNTS_READ,
  'PUT /organisation/industry/{id}': ADMIN_ONLY,
  'DELETE /organisation/industry/{id}': ADMIN_ONLY,
  'GET /organisation/function': ACCOUNTS_READ,
  'POST /organisation/function': ADMIN_ONLY,
  'GET /organisation/function/{id}': ACCOUNTS_READ,
  'PUT /organisation/function/{id}': ADMIN_ONLY,
  'DELETE /organisation/function/{id}': ADMIN_ONLY,
  'GET /organisation/education-level': ACCOUNTS_READ,
  'POST /organisation/education-level': ADMIN_ONLY,
  'GET /organisation/education-level/{id}': ACCOUNTS_READ,
  'PUT /organisation/education-level/{id}': ADMIN_ONLY,
  'DELETE /organisation/education-level/{id}': ADMIN_ONLY,
  'GET /organisation/study-major': ACCOUNTS_READ,
  'POST /organisation/study-major': ADMIN_ONLY,
  'GET /organisation/study-major/{id}': ACCOUNTS_READ,
  'PUT /organisation/study-major/{id}': ADMIN_ONLY,
  'DELETE /organisation/study-major/{id}': ADMIN_ONLY,
  'GET /organisation/skill': ACCOUNTS_READ,
  'POST /organisation/skill': ADMIN_ONLY,
  'GET /organisation/skill/{id}': ACCOUNTS_READ,
  'PUT /organisation/skill/{id}': ADMIN_ONLY,
  'DELETE /organisation/skill/{id}': ADMIN_ONLY,
  'GET /organisation/location': ACCOUNTS_READ,
  'POST /organisation/location': ADMIN_ONLY,
  'GET /organisation/location/{id}': ACCOUNTS_READ,
  'PUT /organisation/location/{id}': ADMIN_ONLY,
  'DELETE /organisation/location/{id}': ADMIN_ONLY,
  'GET /organisation/question': ACCOUNTS_READ,
  'POST /organisation/question': ADMIN_ONLY,
  'GET /organisation/question/{id}': ACCOUNTS_READ,
  'PUT /organisation/question/{id}': ADMIN_ONLY,
  'DELETE /organisation/question/{id}': ADMIN_ONLY,
  'GET /organisation/question-group': ACCOUNTS_READ,
  'POST /organisation/question-group': ADMIN_ONLY,
  'GET /organisation/question-group/{id}': ACCOUNTS_READ,
  'PUT /organisation/question-group/{id}': ADMIN_ONLY,
  'DELETE /organisation/question-group/{id}': ADMIN_ONLY,
  'GET /organisation/question-answer': ACCOUNTS_READ,
  'POST /organisation/question-answer': ADMIN_ONLY,
  'GET /organisation/question-answer/{id}': ACCOUNTS_READ,
  'PUT /organisation/question-answer/{id}': ADMIN_ONLY,
  'DELETE /organisation/question-answer/{id}': ADMIN_ONLY,
  'GET /admin/service-requests': ADMIN_ONLY,
  'POST /admin/service-requests': ADMIN_ONLY,
  'GET /admin/service-requests/stats': ADMIN_ONLY,
  'GET /admin/service-requests/{id}': ADMIN_ONLY,
  'PATCH /admin/service-requests/{id}': ADMIN_ONLY,
  'DELETE /admin/service-requests/{id}': ADMIN_ONLY,
  'POST /admin/service-requests/{id}/status': ADMIN_ONLY,
  'POST /admin/service-requests/{id}/assign': ADMIN_ONLY,
  'GET /admin/service-requests/{id}/comments': ADMIN_ONLY,
  'POST /admin/service-requests/{id}/comments': ADMIN_ONLY,
  'POST /admin/service-requests/{id}/attachments': ADMIN_ONLY,
  'POST /admin/service-requests/{id}/approve-change': ADMIN_ONLY,
  'GET /admin/service-requests/{id}/history': ADMIN_ONLY,
  'GET /hub/service-requests': ANY_ACCESS_TOKEN,
  'POST /hub/service-requests': ANY_ACCESS_TOKEN,
  'GET /hub/service-requests/{id}': ANY_ACCESS_TOKEN,
  'GET /hub/service-requests/{id}/comments': ANY_ACCESS_TOKEN,
  'POST /hub/service-requests/{id}/comments': ANY_ACCESS_TOKEN,
  'POST /hub/service-requests/{id}/confirm': ANY_ACCESS_TOKEN,
  'POST /media/media': ADMIN_ONLY,
  'GET /media/media/{id}': ADMIN_ONLY,
  'DELETE /media/media/{id}': ADMIN_ONLY,
  'GET /media/public/{id}': PUBLIC,
  'GET /media/health': PUBLIC,
  'GET /media/health/ready': PUBLIC,
  'GET /media/_ping': PUBLIC,
  'GET /evaluation/algorithm/teams': ACCOUNTS_READ,
  'POST /evaluation/algorithm/teams': ADMIN_ONLY,
  'GET /evaluation/algorithm/teams/{id}': ACCOUNTS_READ,
  'PUT /evaluation/algorithm/teams/{id}': ADMIN_ONLY,
  'DELETE /evaluation/algorithm/teams/{id}': ADMIN_ONLY,
  'POST /evaluation/algorithm/teams/{id}/shortlist': ACCOUNTS_READ,
  'POST /evaluation/algorithm/teams/{id}/simulate': ACCOUNTS_READ,
  'GET /evaluation/algorithm/roles': ACCOUNTS_READ,
  'POST /evaluation/algorithm/roles': ADMIN_ONLY,
  'GET /evaluation/algorithm/roles/{id}': ACCOUNTS_READ,
  'PUT /evaluation/algorithm/roles/{id}': ADMIN_ONLY,
  'DELETE /evaluation/algorithm/roles/{id}': ADMIN_ONLY,
  'GET /evaluation/algorithm/rolespecifications': ACCOUNTS_READ,
  'POST /evaluation/algorithm/rolespecifications': ADMIN_ONLY,
  'GET /evaluation/algorithm/rolespecifications/{id}': ACCOUNTS_READ,
  'PUT /evaluation/algorithm/rolespecifications/{id}': ADMIN_ONLY,
  'DELETE /evaluation/algorithm/rolespecifications/{id}': ADMIN_ONLY,
  'GET /evaluation/algorithm/userexperiences': ACCOUNTS_READ,
  'POST /evaluation/algorithm/userexperiences': ADMIN_ONLY,
  'GET /evaluation/algorithm/userexperiences/{userId}': ACCOUNTS_READ,
  'PUT /evaluation/algorithm/userexperiences/{userId}': ADMIN_ONLY,
  'DELETE /evaluation/algorithm/userexperiences/{userId}': ADMIN_ONLY,
  'GET /evaluation/algorithm/usergoals': ACCOUNTS_READ,
  'POST /evaluation/algorithm/usergoals': ADMIN_ONLY,
  'GET /evaluation/algorithm/usergoals/{userId}': ACCOUNTS_READ,
  'PUT /evaluation/algorithm/usergoals/{userId}': ADMIN_ONLY,
  'DELETE /evaluation/algorithm/usergoals/{userId}': ADMIN_ONLY,
  'GET /evaluation/algorithm/industries': ACCOUNTS_READ,
  'POST /evaluation/algorithm/industries': ADMIN_ONLY,
  'GET /evaluation/algorithm/industries/{id}': ACCOUNTS_READ,
  'PUT /evaluation/algorithm/industries/{id}': ADMIN_ONLY,
  'DELETE /evaluation/algorithm/industries/{id}': ADMIN_ONLY,
  'GET /evaluation/algorithm/workfunctions': ACCOUNTS_READ,
  'POST /evaluation/algorithm/workfunctions': ADMIN_ONLY,
  'GET /evaluation/algorithm/workfunctions/{id}': ACCOUNTS_READ,
  'PUT /evaluation/algorithm/workfunctions/{id}': ADMIN_ONLY,
  'DELETE /evaluation/algorithm/workfunctions/{id}': ADMIN_ONLY,
  'GET /evaluation/algorithm/skills': ACCOUNTS_READ,
  'POST /evaluation/algorithm/skills': ADMIN_ONLY,
  'GET /evaluation/algorithm/skills/{id}': ACCOUNTS_READ,
  'PUT /evaluation/algorithm/skills/{id}': ADMIN_ONLY,
  'DELETE /evaluation/algorithm/skills/{id}': ADMIN_ONLY,
  'GET /evaluation/algorithm/professionalyears': ACCOUNTS_READ,
  'POST /evaluation/algorithm/professionalyears': ADMIN_ONLY,
  'GET /evaluation/algorithm/professionalyears/{id}': ACCOUNTS_READ,
  'PUT /evaluation/algorithm/professionalyears/{id}': ADMIN_ONLY,
  'DELETE /evaluation/algorithm/professionalyears/{id}': ADMIN_ONLY,
  'GET /evaluation/algorithm/educationlevels': ACCOUNTS_READ,
  'POST /evaluation/algorithm/educationlevels': ADMIN_ONLY,
  'GET /evaluation/algorithm/educationlevels/{id}': ACCOUNTS_READ,
  'PUT /evaluation/algorithm/educationlevels/{id}': ADMIN_ONLY,
  'DELETE /evaluation/algorithm/educationlevels/{id}': ADMIN_ONLY,
  'GET /evaluation/algorithm/studymajors': ACCOUNTS_READ,
  'POST /evaluation/algorithm/studymajors': ADMIN_ONLY,
  'GET /evaluation/algorithm/studymajors/{id}': ACCOUNTS_READ,
  'PUT /evaluation/algorithm/studymajors/{id}': ADMIN_ONLY,
  'DELETE /evaluation/algorithm/studymajors/{id}': ADMIN_ONLY,
  'GET /evaluation/algorithm/locations': ACCOUNTS_READ,
  'POST /evaluation/algorithm/locations': ADMIN_ONLY,
  'GET /evaluation/algorithm/locations/{id}': ACCOUNTS_READ,
  'PUT /evaluation/algorithm/locations/{id}': ADMIN_ONLY,
  'DELETE /evaluation/algorithm/locations/{id}': ADMIN_ONLY,
  'GET /evaluation/evaluation': PERSONA_OWNED_READ,
  'POST /evaluation/evaluation': ADMIN_ONLY,
  'POST /evaluation/evaluation/compare': PERSONA_OWNED_READ,
  'GET /evaluation/evaluation/{id}': PERSONA_OWNED_READ,
  'POST /evaluation/evaluation/{id}/answer': PERSONA_OWNED_WRITE,
  'GET /evaluation/evaluation/{id}/questions': PERSONA_OWNED_READ,
  'POST /evaluation/evaluation/{id}/team-match': PERSONA_OWNED_READ,
  'POST /evaluation/evaluation/{id}/compare-team': OWN_TEAM_ONLY_FOR_PERSONAS,
  'POST /evaluation/evaluation/{id}/invitation': ADMIN_ONLY,
  'GET /evaluation/partners/greenhouse/list_tests': PARTNER_KEY_ONLY,
  'POST /evaluation/partners/greenhouse/send_test': PARTNER_KEY_ONLY,
  'GET /evaluation/partners/greenhouse/test_status': PARTNER_KEY_ONLY,
  'POST /evaluation/partners/greenhouse/response_error': PARTNER_KEY_ONLY,
  'GET /evaluation/health': PUBLIC,
  'GET /evaluation/health/ready': PUBLIC,
  'GET /evaluation/_ping': PUBLIC,
};
