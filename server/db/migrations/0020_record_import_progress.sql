ALTER TABLE "record_imports" ADD COLUMN "state" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "record_imports" ADD COLUMN "saved_rows" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "record_imports" ADD COLUMN "total_rows" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "record_imports" ADD COLUMN "cancel_requested" boolean DEFAULT false NOT NULL;