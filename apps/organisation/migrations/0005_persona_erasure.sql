CREATE TABLE "organisation"."persona_erasure_parts" (
	"erasure_id" uuid PRIMARY KEY NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"counts" jsonb NOT NULL
);
