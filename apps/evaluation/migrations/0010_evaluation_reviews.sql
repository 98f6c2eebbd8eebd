CREATE TABLE "evaluation"."evaluation_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "evaluation"."evaluation_reviews_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"evaluation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"decision" text,
	"overall_score" double precision,
	"reason" text,
	"message" text,
	"account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evaluation_reviews_shape_check" CHECK (("evaluation"."evaluation_reviews"."kind" = 'REVIEW' AND "evaluation"."evaluation_reviews"."decision" IS NOT NULL AND "evaluation"."evaluation_reviews"."reason" IS NOT NULL AND "evaluation"."evaluation_reviews"."message" IS NULL AND "evaluation"."evaluation_reviews"."account_id" IS NOT NULL
            AND ("evaluation"."evaluation_reviews"."decision" = 'OVERRIDDEN') = ("evaluation"."evaluation_reviews"."overall_score" IS NOT NULL))
        OR ("evaluation"."evaluation_reviews"."kind" = 'CONTEST' AND "evaluation"."evaluation_reviews"."decision" IS NULL AND "evaluation"."evaluation_reviews"."reason" IS NULL AND "evaluation"."evaluation_reviews"."overall_score" IS NULL AND "evaluation"."evaluation_reviews"."message" IS NOT NULL AND "evaluation"."evaluation_reviews"."account_id" IS NULL)),
	CONSTRAINT "evaluation_reviews_overall_score_check" CHECK ("evaluation"."evaluation_reviews"."overall_score" BETWEEN 0 AND 100)
);
--> statement-breakpoint
ALTER TABLE "evaluation"."evaluation_reviews" ADD CONSTRAINT "evaluation_reviews_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "evaluation"."evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evaluation_reviews_evaluation_idx" ON "evaluation"."evaluation_reviews" USING btree ("evaluation_id","seq");