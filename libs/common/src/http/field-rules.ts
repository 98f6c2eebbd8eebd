/**
 * Field rules more than one service or feature applies: one definition each, so a limit or an id
 * format cannot drift apart between the DTOs, the OpenAPI document and the tests that check them.
 */

/** A 24-hex ObjectId as the platform writes it, lowercase (docs/conventions.md, "Identifiers"). */
export const OBJECT_ID = /^[0-9a-f]{24}$/;

/**
 * A name the platform's people and records carry: an account's or a teammate's first and last name,
 * a persona's names, a profile team's, an organisation's `name` and `urlName` (docs/contract.md,
 * "Limits"), a master-data item's and a question group's (docs/assessment.md).
 */
export const NAME_MAX_LENGTH = 100;

/** The name of an algorithm entity: a team, a lookup, a role's title (docs/algorithm.md). */
export const ALGORITHM_NAME_MAX_LENGTH = 200;

/** A title (a persona's job title, a question group's title): generous but finite. */
export const TITLE_MAX_LENGTH = 200;

/** An e-mail address: RFC 5321 caps a forward path at 254 characters. */
export const EMAIL_MAX_LENGTH = 254;
