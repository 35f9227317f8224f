-- The lexemes of a search vector at its first `words` positions (the name, then the opening of the text), with their positions and weights.
CREATE FUNCTION "search_vector_head"("vector" tsvector, "words" integer) RETURNS tsvector
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(entry, ' '), '')::tsvector FROM (
    SELECT '''' || replace(replace(lexemes.lexeme, '\', '\\'), '''', '''''') || ''':'
             || string_agg(at.pos::text || at.weight, ',' ORDER BY at.pos) AS entry
      FROM unnest("vector") AS lexemes, unnest(lexemes.positions, lexemes.weights) AS at(pos, weight)
     WHERE at.pos <= "words"
     GROUP BY lexemes.lexeme
  ) AS head
$$;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "rank_vector" "tsvector";--> statement-breakpoint
-- Items indexed before: their ranking vector from their search vector (100 is RANKED_WORDS in search-text.ts).
UPDATE "contents" SET "rank_vector" = "search_vector_head"("search_vector", 100) WHERE "search_vector" IS NOT NULL;
