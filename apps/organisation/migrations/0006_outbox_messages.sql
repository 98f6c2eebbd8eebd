CREATE TABLE "organisation"."outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "organisation"."outbox_messages_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"organisation_id" uuid,
	"data" jsonb NOT NULL,
	"callback_method" text,
	"callback_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fanned_out_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "outbox_messages_pending_idx" ON "organisation"."outbox_messages" USING btree ("sequence") WHERE "organisation"."outbox_messages"."fanned_out_at" IS NULL;