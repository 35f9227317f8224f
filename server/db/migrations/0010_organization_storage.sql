CREATE TABLE "organization_storage" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "contents_storage_idx";--> statement-breakpoint
ALTER TABLE "organization_storage" ADD CONSTRAINT "organization_storage_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Adds a statement's new items to their hubs' counts, and refuses them (SQLSTATE CV422) when a
-- count passes the transaction's convene.storage_limit: the check and the increment are one step,
-- so uploads finishing together hold the count's row only for their insert, and stay exact.
CREATE FUNCTION "count_added_storage"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  "storage_limit" bigint := nullif(current_setting('convene.storage_limit', true), '')::bigint;
  "total" bigint;
BEGIN
  FOR "total" IN
    INSERT INTO "organization_storage" AS "current" ("organization_id", "bytes")
    SELECT "organization_id", sum("size_bytes") FROM "added" GROUP BY "organization_id"
    ON CONFLICT ("organization_id") DO UPDATE SET "bytes" = "current"."bytes" + excluded."bytes"
    RETURNING "current"."bytes"
  LOOP
    IF "total" > "storage_limit" THEN
      RAISE EXCEPTION 'storage quota exceeded' USING ERRCODE = 'CV422';
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Only subtracts: a hub being deleted may have lost its row already, and then there is nothing to keep.
CREATE FUNCTION "count_removed_storage"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "organization_storage" AS "current" SET "bytes" = "current"."bytes" - "hub"."bytes"
  FROM (SELECT "organization_id", sum("size_bytes") AS "bytes" FROM "removed" GROUP BY "organization_id") AS "hub"
  WHERE "current"."organization_id" = "hub"."organization_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "count_changed_storage"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "organization_storage" SET "bytes" = "bytes" - OLD."size_bytes" WHERE "organization_id" = OLD."organization_id";
  INSERT INTO "organization_storage" AS "current" ("organization_id", "bytes") VALUES (NEW."organization_id", NEW."size_bytes")
  ON CONFLICT ("organization_id") DO UPDATE SET "bytes" = "current"."bytes" + excluded."bytes";
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Once per statement for inserts and deletes: deleting a space or hub with thousands of items writes each count once.
CREATE TRIGGER "contents_storage_insert" AFTER INSERT ON "contents"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "count_added_storage"();--> statement-breakpoint
CREATE TRIGGER "contents_storage_delete" AFTER DELETE ON "contents"
  REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "count_removed_storage"();--> statement-breakpoint
-- Per row for updates, and only those that change a size: most updates (processing, search) never run it.
CREATE TRIGGER "contents_storage_update" AFTER UPDATE OF "organization_id", "size_bytes" ON "contents"
  FOR EACH ROW WHEN (OLD."size_bytes" IS DISTINCT FROM NEW."size_bytes" OR OLD."organization_id" IS DISTINCT FROM NEW."organization_id")
  EXECUTE FUNCTION "count_changed_storage"();--> statement-breakpoint
-- After the triggers: from here on writers wait for this transaction, so the counts start from every committed item.
INSERT INTO "organization_storage" ("organization_id", "bytes")
SELECT "organization_id", sum("size_bytes") FROM "contents" GROUP BY "organization_id";
