-- One row per retention pass, whichever instance ran it. Every instance of the organisation
-- service looks for a due pass; this record (read and written under an advisory lock) makes it
-- one pass a day for all of them together.
CREATE TABLE "telemetry"."retention_passes" (
  "ran_at" timestamptz NOT NULL,
  "cutoff" timestamptz NOT NULL,
  "months_dropped" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "retention_passes_ran_at_idx" ON "telemetry"."retention_passes" ("ran_at");
