CREATE TABLE "evaluation"."greenhouse_interviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"evaluation_id" uuid NOT NULL,
	"callback_url" text NOT NULL,
	"api_key_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "evaluation"."greenhouse_interviews" ADD CONSTRAINT "greenhouse_interviews_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "evaluation"."evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "greenhouse_interviews_callback_key" ON "evaluation"."greenhouse_interviews" USING btree ("organisation_id","callback_url");--> statement-breakpoint
CREATE INDEX "greenhouse_interviews_evaluation_idx" ON "evaluation"."greenhouse_interviews" USING btree ("evaluation_id");