CREATE TABLE "organisation"."service_request_attachments" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"request_id" char(24) NOT NULL,
	"media_id" char(24) NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation"."service_request_comments" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"request_id" char(24) NOT NULL,
	"author_id" text NOT NULL,
	"author_type" text NOT NULL,
	"text" text NOT NULL,
	"is_internal" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation"."service_request_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organisation"."service_request_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_id" char(24) NOT NULL,
	"actor_id" text NOT NULL,
	"actor_type" text NOT NULL,
	"action" text NOT NULL,
	"field" text,
	"old_value" jsonb,
	"new_value" jsonb,
	"note" text,
	"is_internal" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation"."service_requests" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"type" text NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"source" text,
	"requester_type" text NOT NULL,
	"requester_id" text NOT NULL,
	"requester_kind" text NOT NULL,
	"organisation_id" uuid,
	"on_behalf_of_user_id" text,
	"priority" text NOT NULL,
	"severity" text,
	"urgency" text,
	"impact" text,
	"category" text,
	"sub_category" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sla_breached" boolean DEFAULT false NOT NULL,
	"sla_paused_ms" bigint DEFAULT 0 NOT NULL,
	"sla_paused_at" timestamp with time zone,
	"assignee_id" uuid,
	"assignee_team" text,
	"first_response_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"reopen_count" integer DEFAULT 0 NOT NULL,
	"type_meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_vector" "tsvector" NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "organisation"."service_request_attachments" ADD CONSTRAINT "service_request_attachments_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "organisation"."service_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation"."service_request_comments" ADD CONSTRAINT "service_request_comments_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "organisation"."service_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation"."service_request_history" ADD CONSTRAINT "service_request_history_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "organisation"."service_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_request_attachments_request_idx" ON "organisation"."service_request_attachments" USING btree ("request_id","created_at","id");--> statement-breakpoint
CREATE INDEX "service_request_comments_request_idx" ON "organisation"."service_request_comments" USING btree ("request_id","created_at","id");--> statement-breakpoint
CREATE INDEX "service_request_history_request_idx" ON "organisation"."service_request_history" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "service_requests_created_idx" ON "organisation"."service_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "service_requests_requester_idx" ON "organisation"."service_requests" USING btree ("requester_kind","requester_id","created_at");--> statement-breakpoint
CREATE INDEX "service_requests_search_idx" ON "organisation"."service_requests" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "service_requests_sla_open_idx" ON "organisation"."service_requests" USING btree ("due_at") WHERE "organisation"."service_requests"."sla_breached" = false AND "organisation"."service_requests"."sla_paused_at" IS NULL;