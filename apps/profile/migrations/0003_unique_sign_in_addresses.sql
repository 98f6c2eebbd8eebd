CREATE TABLE "profile"."persona_email_changes" (
	"persona_id" uuid PRIMARY KEY NOT NULL,
	"field" text NOT NULL,
	"new_address" text NOT NULL,
	"otp_hash" text NOT NULL,
	"otp_salt" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profile"."persona_email_changes" ADD CONSTRAINT "persona_email_changes_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "profile"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Before the unique index: where several personas share an address (ignoring case), the one that
-- signed in with it keeps it (not BLOCKED first, then the oldest, as the login chose), and the
-- others lose it (set to NULL: they sign in with their user's address, if any, until an
-- administrator gives them a new one). Their e-mail is no longer verified.
UPDATE "profile"."personas" AS p SET "email_address" = NULL, "verified_email" = false, "updated_at" = now()
  FROM (
    SELECT "id", row_number() OVER (
      PARTITION BY lower("email_address")
      ORDER BY ("status" = 'BLOCKED'), "created_at", "id"
    ) AS "rank"
    FROM "profile"."personas" WHERE "email_address" IS NOT NULL
  ) AS ranked
  WHERE ranked."id" = p."id" AND ranked."rank" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "personas_email_address_unique_idx" ON "profile"."personas" USING btree (lower("email_address"));