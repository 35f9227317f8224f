-- Trigram similarity for typo tolerance (contrib; shipped with the built-in server too).
CREATE EXTENSION IF NOT EXISTS "pg_trgm";--> statement-breakpoint
CREATE TABLE "search_space_words" (
	"organization_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"word" text NOT NULL,
	"items" integer NOT NULL,
	CONSTRAINT "search_space_words_organization_id_space_id_word_pk" PRIMARY KEY("organization_id","space_id","word")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"organization_id" uuid NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "search_words_organization_id_word_pk" PRIMARY KEY("organization_id","word")
);
--> statement-breakpoint
ALTER TABLE "search_words" ADD CONSTRAINT "search_words_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_words_trigram_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- Indexing an item counts most of its space's words up: room on each page keeps those updates HOT, writing no index entry.
ALTER TABLE "search_space_words" SET (fillfactor = 50);--> statement-breakpoint
-- Keeps the word lists in step with contents (3 to 40 characters, the lengths a typo can be told from): search_words gains
-- every new word of the hub, and search_space_words counts the items of each space that have a word, which goes with the
-- last of them, so a word follows its item when the item moves or goes.
CREATE FUNCTION "count_search_words"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- OLD is null on insert and NEW on delete; the words both have cancel out.
  WITH "delta" AS (
    SELECT "organization_id", "space_id", "word", sum("items")::integer AS "items"
      FROM (
        SELECT OLD."organization_id", OLD."space_id", "lexemes"."lexeme", -1 FROM unnest(OLD."search_vector") AS "lexemes"
        UNION ALL
        SELECT NEW."organization_id", NEW."space_id", "lexemes"."lexeme", 1 FROM unnest(NEW."search_vector") AS "lexemes"
      ) AS "changes" ("organization_id", "space_id", "word", "items")
     WHERE length("word") BETWEEN 3 AND 40
     GROUP BY "organization_id", "space_id", "word"
    HAVING sum("items") <> 0
  )
  INSERT INTO "search_space_words" AS "current" ("organization_id", "space_id", "word", "items")
  -- In one order everywhere: items indexed at once then never wait on each other's words in a cycle.
  SELECT * FROM "delta" ORDER BY "organization_id", "space_id", "word"
  ON CONFLICT ("organization_id", "space_id", "word") DO UPDATE SET "items" = "current"."items" + "excluded"."items";
  -- Only the old words were counted down (their rows are this transaction's already).
  DELETE FROM "search_space_words"
   WHERE "organization_id" = OLD."organization_id" AND "space_id" = OLD."space_id"
     AND "word" = ANY (tsvector_to_array(OLD."search_vector")) AND "items" <= 0;
  INSERT INTO "search_words" ("organization_id", "word")
  SELECT NEW."organization_id", "lexemes"."lexeme" FROM unnest(NEW."search_vector") AS "lexemes"
   WHERE length("lexemes"."lexeme") BETWEEN 3 AND 40
   ORDER BY "lexemes"."lexeme"
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "contents_search_words_insert" AFTER INSERT ON "contents"
  FOR EACH ROW WHEN (NEW."search_vector" IS NOT NULL) EXECUTE FUNCTION "count_search_words"();--> statement-breakpoint
CREATE TRIGGER "contents_search_words_update" AFTER UPDATE OF "organization_id", "space_id", "search_vector" ON "contents"
  FOR EACH ROW WHEN (OLD."organization_id" IS DISTINCT FROM NEW."organization_id" OR OLD."space_id" IS DISTINCT FROM NEW."space_id"
                     OR OLD."search_vector" IS DISTINCT FROM NEW."search_vector") EXECUTE FUNCTION "count_search_words"();--> statement-breakpoint
CREATE TRIGGER "contents_search_words_delete" AFTER DELETE ON "contents"
  FOR EACH ROW WHEN (OLD."search_vector" IS NOT NULL) EXECUTE FUNCTION "count_search_words"();--> statement-breakpoint
-- The words of items indexed before.
INSERT INTO "search_space_words" ("organization_id", "space_id", "word", "items")
SELECT "contents"."organization_id", "contents"."space_id", "lexemes"."lexeme", count(*)
  FROM "contents", unnest("contents"."search_vector") AS "lexemes"
 WHERE length("lexemes"."lexeme") BETWEEN 3 AND 40
 GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "search_words" ("organization_id", "word")
SELECT DISTINCT "organization_id", "word" FROM "search_space_words";
