-- Existing sessions end 30 days after their family's first token, as new ones do.
ALTER TABLE "auth"."refresh_tokens" ADD COLUMN "session_expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "auth"."refresh_tokens" AS t SET "session_expires_at" = f."started" + interval '30 days'
  FROM (SELECT "family_id", min("created_at") AS "started" FROM "auth"."refresh_tokens" GROUP BY "family_id") AS f
  WHERE f."family_id" = t."family_id";--> statement-breakpoint
ALTER TABLE "auth"."refresh_tokens" ALTER COLUMN "session_expires_at" SET NOT NULL;--> statement-breakpoint
-- Before the one-live-challenge index: of several live challenges of one subject, the newest stays.
UPDATE "auth"."login_challenges" AS c SET "superseded_at" = now()
  WHERE c."consumed_at" IS NULL AND c."superseded_at" IS NULL AND EXISTS (
    SELECT 1 FROM "auth"."login_challenges" AS n
    WHERE n."subject_id" = c."subject_id" AND n."consumed_at" IS NULL AND n."superseded_at" IS NULL
      AND (n."created_at", n."id") > (c."created_at", c."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "login_challenges_one_live_idx" ON "auth"."login_challenges" USING btree ("subject_id") WHERE "auth"."login_challenges"."consumed_at" IS NULL AND "auth"."login_challenges"."superseded_at" IS NULL;