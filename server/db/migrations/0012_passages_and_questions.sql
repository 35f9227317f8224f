CREATE TABLE "ask_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"space_id" uuid,
	"question" text NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"answered" boolean DEFAULT false NOT NULL,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"feedback" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_passages" (
	"content_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"location" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"body_start" integer NOT NULL,
	"body_end" integer NOT NULL,
	"text" text NOT NULL,
	"search_vector" "tsvector" NOT NULL,
	CONSTRAINT "content_passages_content_id_position_pk" PRIMARY KEY("content_id","position")
);
--> statement-breakpoint
ALTER TABLE "ask_questions" ADD CONSTRAINT "ask_questions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ask_questions" ADD CONSTRAINT "ask_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ask_questions" ADD CONSTRAINT "ask_questions_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_passages" ADD CONSTRAINT "content_passages_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_passages" ADD CONSTRAINT "content_passages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ask_questions_conversation_idx" ON "ask_questions" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "ask_questions_unanswered_idx" ON "ask_questions" USING btree ("organization_id","created_at" DESC NULLS LAST) WHERE not "ask_questions"."answered";--> statement-breakpoint
CREATE INDEX "content_passages_hub_idx" ON "content_passages" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "content_passages_search_idx" ON "content_passages" USING gin ("search_vector");