CREATE TABLE "space_marks" (
	"user_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"starred_at" timestamp with time zone,
	"visited_at" timestamp with time zone,
	CONSTRAINT "space_marks_user_id_space_id_pk" PRIMARY KEY("user_id","space_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "photo_key" text;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "new_email" text;--> statement-breakpoint
ALTER TABLE "space_marks" ADD CONSTRAINT "space_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_marks" ADD CONSTRAINT "space_marks_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_marks" ADD CONSTRAINT "space_marks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "space_marks_user_idx" ON "space_marks" USING btree ("organization_id","user_id");