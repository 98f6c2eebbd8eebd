-- Written by hand (drizzle-kit has no functions): a version's question ids in its set's order,
-- for the generated column below. Immutable, as a generated column needs: it reads only its argument.
CREATE FUNCTION "evaluation"."question_ids_of"(question_set jsonb) RETURNS integer[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg((question ->> 'id')::int ORDER BY position), '{}')
    FROM jsonb_array_elements(question_set -> 'questions') WITH ORDINALITY AS questions(question, position)
$$;--> statement-breakpoint
ALTER TABLE "evaluation"."questionnaire_versions" ADD COLUMN "question_ids" integer[] GENERATED ALWAYS AS ("evaluation"."question_ids_of"("question_set")) STORED NOT NULL;
