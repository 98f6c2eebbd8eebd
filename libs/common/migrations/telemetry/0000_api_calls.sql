-- Written by hand, not by drizzle-kit: drizzle-kit cannot express a partitioned table.
CREATE SCHEMA IF NOT EXISTS "telemetry";
--> statement-breakpoint
CREATE TABLE "telemetry"."api_calls" (
  "id" bigint GENERATED ALWAYS AS IDENTITY,
  "service" text NOT NULL,
  "start_time" timestamptz NOT NULL,
  "end_time" timestamptz NOT NULL,
  "processing_time" double precision NOT NULL,
  "method" text NOT NULL,
  "url" text NOT NULL,
  "http_version" text NOT NULL,
  "status_code" integer NOT NULL,
  "remote_address" text,
  "remote_family" text,
  "caller_app" text NOT NULL,
  "device_type" text NOT NULL,
  "raw_headers" jsonb NOT NULL,
  "body" jsonb,
  "params" jsonb NOT NULL,
  "query" jsonb NOT NULL,
  PRIMARY KEY ("id", "start_time")
) PARTITION BY RANGE ("start_time");
--> statement-breakpoint
-- Kept current with every batch of entries, so the 90-day charts never scan raw rows.
CREATE TABLE "telemetry"."api_call_days" (
  "day" date NOT NULL,
  "caller_app" text NOT NULL,
  "device_type" text NOT NULL,
  "calls" bigint NOT NULL DEFAULT 0,
  PRIMARY KEY ("day", "caller_app", "device_type")
);
--> statement-breakpoint
-- One partition a month (UTC), created on demand; serialised so concurrent writers cannot race.
CREATE FUNCTION "telemetry"."ensure_month_partition"(at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  month_start date := date_trunc('month', at AT TIME ZONE 'UTC')::date;
  partition_name text := format('api_calls_%s', to_char(month_start, 'YYYY_MM'));
BEGIN
  IF to_regclass(format('telemetry.%I', partition_name)) IS NOT NULL THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('telemetry.api_calls partitions'));
  EXECUTE format(
    'CREATE TABLE IF NOT EXISTS telemetry.%I PARTITION OF telemetry.api_calls FOR VALUES FROM (%L) TO (%L)',
    partition_name,
    (month_start::timestamp AT TIME ZONE 'UTC'),
    ((month_start + interval '1 month')::timestamp AT TIME ZONE 'UTC')
  );
END;
$$;
--> statement-breakpoint
-- Retention: whole months go at once (DROP TABLE, no row-by-row DELETE).
CREATE FUNCTION "telemetry"."drop_months_before"(cutoff timestamptz) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  dropped integer := 0;
  child record;
BEGIN
  FOR child IN
    SELECT c.relname
    FROM pg_inherits i
    JOIN pg_class c ON c.oid = i.inhrelid
    JOIN pg_class p ON p.oid = i.inhparent
    JOIN pg_namespace n ON n.oid = p.relnamespace
    WHERE n.nspname = 'telemetry' AND p.relname = 'api_calls'
  LOOP
    IF (to_date(substr(child.relname, 11), 'YYYY_MM') + interval '1 month') <= (cutoff AT TIME ZONE 'UTC') THEN
      EXECUTE format('DROP TABLE telemetry.%I', child.relname);
      dropped := dropped + 1;
    END IF;
  END LOOP;
  DELETE FROM telemetry.api_call_days WHERE day < (cutoff AT TIME ZONE 'UTC')::date;
  RETURN dropped;
END;
$$;
