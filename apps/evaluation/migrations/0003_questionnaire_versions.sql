CREATE TABLE "evaluation"."evaluation_score_profiles" (
	"evaluation_id" uuid PRIMARY KEY NOT NULL,
	"persona_id" uuid NOT NULL,
	"questionnaire_version_id" integer NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	"answer_values" "bytea" NOT NULL,
	"levels" double precision[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluation"."questionnaire_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evaluation"."questionnaire_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hash" text NOT NULL,
	"question_set" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questionnaire_versions_hash_key" UNIQUE("hash")
);
--> statement-breakpoint
ALTER TABLE "evaluation"."evaluations" ALTER COLUMN "question_set" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "evaluation"."evaluations" ADD COLUMN "questionnaire_version_id" integer;--> statement-breakpoint
ALTER TABLE "evaluation"."evaluations" ADD COLUMN "answer_values" "bytea";--> statement-breakpoint
ALTER TABLE "evaluation"."evaluation_score_profiles" ADD CONSTRAINT "evaluation_score_profiles_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "evaluation"."evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation"."evaluation_score_profiles" ADD CONSTRAINT "evaluation_score_profiles_questionnaire_version_id_questionnaire_versions_id_fk" FOREIGN KEY ("questionnaire_version_id") REFERENCES "evaluation"."questionnaire_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evaluation_score_profiles_latest_idx" ON "evaluation"."evaluation_score_profiles" USING btree ("persona_id","completed_at" DESC NULLS LAST,"evaluation_id");--> statement-breakpoint
ALTER TABLE "evaluation"."evaluations" ADD CONSTRAINT "evaluations_questionnaire_version_id_questionnaire_versions_id_fk" FOREIGN KEY ("questionnaire_version_id") REFERENCES "evaluation"."questionnaire_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Moves the evaluations over (written by hand). Each distinct question set becomes one version,
-- keyed by the sha256 of its jsonb text: the canonical form the service hashes too.
INSERT INTO "evaluation"."questionnaire_versions" ("hash", "question_set")
SELECT DISTINCT ON (hash) hash, question_set
FROM (SELECT encode(sha256(convert_to(question_set::text, 'UTF8')), 'hex') AS hash, question_set FROM "evaluation"."evaluations") AS sets
ORDER BY hash
ON CONFLICT ("hash") DO NOTHING;--> statement-breakpoint
UPDATE "evaluation"."evaluations" AS e
SET "questionnaire_version_id" = v.id,
    "answer_values" = (
      SELECT decode(coalesce(string_agg(lpad(to_hex(coalesce(a.value, 0)), 2, '0'), '' ORDER BY q.position), ''), 'hex')
      FROM jsonb_array_elements(e.question_set -> 'questions') WITH ORDINALITY AS q(question, position)
      LEFT JOIN "evaluation"."evaluation_answers" AS a ON a.evaluation_id = e.id AND a.question_id = (q.question ->> 'id')::int
    )
FROM "evaluation"."questionnaire_versions" AS v
WHERE v.hash = encode(sha256(convert_to(e.question_set::text, 'UTF8')), 'hex');--> statement-breakpoint
-- Profiles of the completed evaluations: a level is the mean of the scored values (reverse-scored
-- items as 6 - v) of the answered non-faking items of the group, an exact integer sum divided by
-- the count, as the scoring engine computes it; null where nothing was answered.
INSERT INTO "evaluation"."evaluation_score_profiles" ("evaluation_id", "persona_id", "questionnaire_version_id", "completed_at", "answer_values", "levels")
SELECT e.id, e.persona_id, e.questionnaire_version_id, coalesce(e.completed_at, e.updated_at), e.answer_values,
  coalesce((
    SELECT array_agg(level ORDER BY g.position)
    FROM jsonb_array_elements(e.question_set -> 'groups') WITH ORDINALITY AS g(grp, position)
    CROSS JOIN LATERAL (
      SELECT sum(CASE WHEN (q.question ->> 'reverseScore')::boolean THEN 6 - a.value ELSE a.value END)::float8 / nullif(count(a.value), 0)::float8 AS level
      FROM jsonb_array_elements(e.question_set -> 'questions') AS q(question)
      JOIN "evaluation"."evaluation_answers" AS a ON a.evaluation_id = e.id AND a.question_id = (q.question ->> 'id')::int
      WHERE (q.question ->> 'questionGroupId')::int = (g.grp ->> 'id')::int AND NOT coalesce((q.question ->> 'faking')::boolean, false)
    ) AS levels
  ), '{}')
FROM "evaluation"."evaluations" AS e
WHERE e.status = 'complete';--> statement-breakpoint
ALTER TABLE "evaluation"."evaluations" ALTER COLUMN "questionnaire_version_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "evaluation"."evaluations" ALTER COLUMN "answer_values" SET NOT NULL;