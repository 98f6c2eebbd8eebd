CREATE TABLE "profile"."persona_demographics" (
	"persona_id" uuid PRIMARY KEY NOT NULL,
	"sex" text NOT NULL,
	"race_ethnicity" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profile"."persona_demographics" ADD CONSTRAINT "persona_demographics_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "profile"."personas"("id") ON DELETE cascade ON UPDATE no action;