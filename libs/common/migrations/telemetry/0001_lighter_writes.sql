-- The log is written far more than it is read row by row: keep each insert cheap. No primary key
-- (no index to maintain per row), and the JSON columns as `json` (validated text) rather than
-- `jsonb` (parsed into a binary form on every insert).
ALTER TABLE "telemetry"."api_calls" DROP CONSTRAINT "api_calls_pkey";
--> statement-breakpoint
ALTER TABLE "telemetry"."api_calls"
  ALTER COLUMN "raw_headers" TYPE json USING "raw_headers"::json,
  ALTER COLUMN "body" TYPE json USING "body"::json,
  ALTER COLUMN "params" TYPE json USING "params"::json,
  ALTER COLUMN "query" TYPE json USING "query"::json;
