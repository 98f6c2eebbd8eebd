-- Sign-in steps of their own (docs/adr/0065-sign-in-no-third-party-can-break.md): several live
-- steps per subject, each with its own code kind; sign-in no longer locks a subject, so the
-- counters and locks sign-in left behind are cleared (address-change keys keep theirs).
UPDATE "profile"."login_throttles" SET "consecutive_failures" = 0, "locked_until" = NULL
  WHERE "subject_id" NOT LIKE 'email-change:%';--> statement-breakpoint
DROP INDEX "profile"."login_challenges_subject_idx";--> statement-breakpoint
DROP INDEX "profile"."login_challenges_one_live_idx";--> statement-breakpoint
ALTER TABLE "profile"."login_challenges" ADD COLUMN "otp_kind" text DEFAULT 'short' NOT NULL;--> statement-breakpoint
CREATE INDEX "login_challenges_subject_created_idx" ON "profile"."login_challenges" USING btree ("subject_id","created_at");
