CREATE TABLE "organisation"."partner_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"key_hash" char(64) NOT NULL,
	"hint" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "organisation"."partner_api_keys" ADD CONSTRAINT "partner_api_keys_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "organisation"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_api_keys_key_hash_key" ON "organisation"."partner_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "partner_api_keys_organisation_idx" ON "organisation"."partner_api_keys" USING btree ("organisation_id","created_at");