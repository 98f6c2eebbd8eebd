CREATE TABLE "profile"."persona_erasures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_hash" text NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"parts" text[] NOT NULL,
	"profile_counts" jsonb NOT NULL,
	"pending_identity" jsonb
);
--> statement-breakpoint
CREATE UNIQUE INDEX "persona_erasures_subject_key" ON "profile"."persona_erasures" USING btree ("subject_hash");--> statement-breakpoint
CREATE INDEX "persona_erasures_pending_idx" ON "profile"."persona_erasures" USING btree ("requested_at") WHERE "profile"."persona_erasures"."completed_at" IS NULL;