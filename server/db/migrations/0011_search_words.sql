-- Trigram similarity for typo tolerance (contrib; shipped with the built-in server too).
CREATE EXTENSION IF NOT EXISTS "pg_trgm";--> statement-breakpoint
CREATE TABLE "search_words" (
	"organization_id" uuid NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "search_words_organization_id_word_pk" PRIMARY KEY("organization_id","word")
);
--> statement-breakpoint
ALTER TABLE "search_words" ADD CONSTRAINT "search_words_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_words_trigram_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- The words of items indexed before (3 to 40 characters, as index-content.ts keeps).
INSERT INTO "search_words" ("organization_id", "word")
SELECT DISTINCT "contents"."organization_id", "lexemes"."lexeme"
  FROM "contents", unnest("contents"."search_vector") AS "lexemes"
 WHERE "contents"."search_vector" IS NOT NULL AND length("lexemes"."lexeme") BETWEEN 3 AND 40
ON CONFLICT DO NOTHING;
