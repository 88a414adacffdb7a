-- The customers' and suppliers' search looks up grams of the stored search text instead of its pg_trgm trigrams: on a database whose character type is C (the embedded server's) pg_trgm takes Arabic and Kurdish letters for no word characters, so its index had nothing to look up in such a term and every Arabic search read the whole table. search_grams_of (db/fold.ts, SEARCH_GRAMS_PREFIX_MAX) gives every three characters in a row, a column's or word's first one and two letters, a '+' column's starts of up to 16 characters (a mobile's) and '+' alone for a '+' anywhere else; a GIN index over them replaces the trigram index. Its cost tells the planner to check a row by the search's likes, never by these grams.
CREATE FUNCTION search_grams_of(t text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE COST 10000 AS $$
DECLARE
  ch text[] := string_to_array(t, NULL);
  n int := cardinality(ch);
  grams text[] := '{}';
  c text;
  p text;
  j int;
BEGIN
  FOR i IN 1 .. n LOOP
    c := ch[i];
    IF i <= n - 2 THEN grams := grams || (c || ch[i + 1] || ch[i + 2]); END IF;
    IF c = ' ' OR c = chr(8204) THEN
      IF i < n THEN grams := grams || (c || ch[i + 1]); END IF;
      IF c = chr(8204) AND i + 2 <= n AND ch[i + 1] = '+' THEN
        p := c || '+' || ch[i + 2];
        j := i + 3;
        WHILE j <= n AND j <= i + 16 AND ch[j] <> chr(8204) LOOP
          p := p || ch[j];
          grams := grams || p;
          j := j + 1;
        END LOOP;
      END IF;
    ELSIF c = '+' AND (i = 1 OR ch[i - 1] <> chr(8204)) THEN
      grams := grams || '+'::text;
    END IF;
  END LOOP;
  RETURN grams;
END
$$;--> statement-breakpoint
DROP INDEX "consumers_search_text_trgm_idx";--> statement-breakpoint
CREATE INDEX "consumers_search_grams_idx" ON "consumers" USING gin (search_grams_of("search_text"));