CREATE TABLE "evaluation"."evaluation_explanations" (
	"evaluation_id" uuid PRIMARY KEY NOT NULL,
	"team_profiles" jsonb NOT NULL,
	"team_inputs" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "evaluation"."evaluation_explanations" ADD CONSTRAINT "evaluation_explanations_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "evaluation"."evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evaluation_score_profiles_version_idx" ON "evaluation"."evaluation_score_profiles" USING btree ("questionnaire_version_id");