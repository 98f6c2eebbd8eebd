CREATE TABLE "evaluation"."evaluation_answers" (
	"evaluation_id" uuid NOT NULL,
	"question_id" integer NOT NULL,
	"value" integer NOT NULL,
	"time_taken" integer DEFAULT 0 NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evaluation_answers_evaluation_id_question_id_pk" PRIMARY KEY("evaluation_id","question_id"),
	CONSTRAINT "evaluation_answers_value_check" CHECK ("evaluation"."evaluation_answers"."value" BETWEEN 1 AND 5),
	CONSTRAINT "evaluation_answers_time_taken_check" CHECK ("evaluation"."evaluation_answers"."time_taken" >= 0)
);
--> statement-breakpoint
CREATE TABLE "evaluation"."evaluations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"persona_id" uuid NOT NULL,
	"team_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"question_set" jsonb NOT NULL,
	"total" integer NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"results" jsonb,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "evaluation"."evaluation_answers" ADD CONSTRAINT "evaluation_answers_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "evaluation"."evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation"."evaluations" ADD CONSTRAINT "evaluations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "evaluation"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "evaluations_one_active_key" ON "evaluation"."evaluations" USING btree ("persona_id","team_id") WHERE "evaluation"."evaluations"."status" <> 'complete';--> statement-breakpoint
CREATE INDEX "evaluations_persona_idx" ON "evaluation"."evaluations" USING btree ("persona_id","created_at");--> statement-breakpoint
CREATE INDEX "evaluations_completed_idx" ON "evaluation"."evaluations" USING btree ("persona_id","completed_at") WHERE "evaluation"."evaluations"."status" = 'complete';