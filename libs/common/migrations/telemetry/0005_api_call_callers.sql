-- Written by hand, as the other telemetry migrations. Who made each call, as the access guard
-- verified it: the kind of caller ('persona', 'account' or 'administrator', an account whose
-- access token carries administrator rights) and its id (the persona's or the account's). Both
-- NULL for a call without a verified access token: unauthenticated, refused by the guard, a
-- public route, or a sign-in step's token. Nullable without a default: adding them rewrites no
-- partition, and no index (the write path stays one COPY; docs/adr/0068-api-call-log-records-its-caller.md).
ALTER TABLE "telemetry"."api_calls"
  ADD COLUMN "caller_kind" text,
  ADD COLUMN "caller_id" text;
