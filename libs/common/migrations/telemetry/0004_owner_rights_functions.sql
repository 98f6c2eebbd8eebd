-- Written by hand, as the other telemetry migrations. The services may connect as a role that
-- only reads and writes rows (docs/adr/0066-local-secrets-per-data-folder.md), while a month's
-- partition is created and old months dropped at run time: both need the owner of
-- telemetry.api_calls. They run with the rights of the role that made them (the migrations'),
-- on a fixed search path (every name in them is qualified), and only roles granted EXECUTE may
-- call them: the owner, and the services' role through its default privileges.
ALTER FUNCTION "telemetry"."ensure_month_partition"(timestamptz) SECURITY DEFINER SET search_path = pg_catalog, pg_temp;
--> statement-breakpoint
ALTER FUNCTION "telemetry"."drop_months_before"(timestamptz) SECURITY DEFINER SET search_path = pg_catalog, pg_temp;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION "telemetry"."ensure_month_partition"(timestamptz) FROM PUBLIC;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION "telemetry"."drop_months_before"(timestamptz) FROM PUBLIC;
