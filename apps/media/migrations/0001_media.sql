CREATE TABLE "media"."files" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"original_name" text NOT NULL,
	"sha256" char(64) NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
