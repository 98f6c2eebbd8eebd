CREATE TABLE "evaluation"."education_levels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evaluation"."education_levels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"order_by" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluation"."industries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evaluation"."industries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluation"."locations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evaluation"."locations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"country_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluation"."professional_years" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evaluation"."professional_years_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"order_by" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluation"."role_specifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evaluation"."role_specifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"industry" jsonb,
	"function" jsonb,
	"skill" jsonb,
	"study_major" jsonb,
	"location" jsonb,
	"professional_years" jsonb,
	"education_level" jsonb
);
--> statement-breakpoint
CREATE TABLE "evaluation"."roles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evaluation"."roles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" uuid,
	"title" text NOT NULL,
	"team_id" integer NOT NULL,
	"role_specification_id" integer,
	"criteria_weight" double precision DEFAULT 50 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluation"."skills" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evaluation"."skills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluation"."study_majors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evaluation"."study_majors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"order_by" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluation"."teams" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evaluation"."teams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"organisation_id" uuid,
	"member_persona_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluation"."user_experiences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"industry_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"function_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"skill_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"study_major_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"professional_years_id" integer,
	"education_level_id" integer
);
--> statement-breakpoint
CREATE TABLE "evaluation"."user_goals" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"industry_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"function_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"skill_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"location_ids" integer[] DEFAULT '{}'::integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluation"."work_functions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evaluation"."work_functions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "evaluation"."roles" ADD CONSTRAINT "roles_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "evaluation"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation"."roles" ADD CONSTRAINT "roles_role_specification_id_fkey" FOREIGN KEY ("role_specification_id") REFERENCES "evaluation"."role_specifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roles_team_id_idx" ON "evaluation"."roles" USING btree ("team_id","id");--> statement-breakpoint
CREATE INDEX "roles_role_specification_id_idx" ON "evaluation"."roles" USING btree ("role_specification_id");