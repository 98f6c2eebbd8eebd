CREATE TABLE "evaluation"."evaluation_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"evaluation_id" uuid NOT NULL,
	"invited_by" uuid NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "evaluation"."evaluations" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "evaluation"."evaluation_invitations" ADD CONSTRAINT "evaluation_invitations_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "evaluation"."evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evaluation_invitations_evaluation_idx" ON "evaluation"."evaluation_invitations" USING btree ("evaluation_id","invited_at");