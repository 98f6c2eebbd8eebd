CREATE TABLE "organisation"."content_seeds" (
	"key" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation"."countries" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation"."education_levels" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation"."functions" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation"."industries" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation"."locations" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country_id" char(24) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation"."question_answers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organisation"."question_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"question_id" integer NOT NULL,
	"order_index" integer NOT NULL,
	"text" text,
	"value" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_answers_text_length" CHECK (char_length("organisation"."question_answers"."text") <= 200)
);
--> statement-breakpoint
CREATE TABLE "organisation"."question_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organisation"."question_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"title" text NOT NULL,
	"strapline" text NOT NULL,
	"score_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation"."questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organisation"."questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"question_group_id" integer NOT NULL,
	"order_index" integer,
	"type" text NOT NULL,
	"text" text NOT NULL,
	"summary" text,
	"likert_answer_set" text,
	"metadata" text,
	"faking" boolean NOT NULL,
	"reverse_score" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation"."skills" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation"."study_majors" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisation"."locations" ADD CONSTRAINT "locations_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "organisation"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation"."question_answers" ADD CONSTRAINT "question_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "organisation"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation"."questions" ADD CONSTRAINT "questions_question_group_id_question_groups_id_fk" FOREIGN KEY ("question_group_id") REFERENCES "organisation"."question_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "countries_name_key" ON "organisation"."countries" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "countries_code_key" ON "organisation"."countries" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "education_levels_name_key" ON "organisation"."education_levels" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "functions_name_key" ON "organisation"."functions" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "industries_name_key" ON "organisation"."industries" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "locations_name_key" ON "organisation"."locations" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "question_answers_question_value_key" ON "organisation"."question_answers" USING btree ("question_id","value");--> statement-breakpoint
CREATE UNIQUE INDEX "question_answers_question_order_key" ON "organisation"."question_answers" USING btree ("question_id","order_index");--> statement-breakpoint
CREATE UNIQUE INDEX "question_groups_name_key" ON "organisation"."question_groups" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "questions_group_order_idx" ON "organisation"."questions" USING btree ("question_group_id","order_index","id");--> statement-breakpoint
CREATE UNIQUE INDEX "skills_name_key" ON "organisation"."skills" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "study_majors_name_key" ON "organisation"."study_majors" USING btree (lower("name"));