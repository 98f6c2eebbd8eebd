CREATE TABLE "organisation"."organisations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"object_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"url_name" text NOT NULL,
	"logo_media_id" char(24),
	"algorithm_version" text DEFAULT 'v1' NOT NULL,
	"gender_input_on_register" boolean DEFAULT false NOT NULL,
	"include_match_user_in_team" boolean DEFAULT false NOT NULL,
	"is_location_priority" boolean DEFAULT false NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"licenses" integer DEFAULT 0 NOT NULL,
	"show_matches" boolean DEFAULT false NOT NULL,
	"user_change" boolean DEFAULT false NOT NULL,
	"template_prefix" text,
	"workstyle_weight" double precision,
	"product_expire_timestamp" timestamp with time zone,
	"sample_add_timestamp" timestamp with time zone,
	"industry_id" text,
	"country_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "organisations_object_id_key" ON "organisation"."organisations" USING btree ("object_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organisations_name_key" ON "organisation"."organisations" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "organisations_url_name_key" ON "organisation"."organisations" USING btree (lower("url_name"));