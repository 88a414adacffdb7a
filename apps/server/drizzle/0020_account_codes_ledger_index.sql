DROP INDEX "journal_lines_account_idx";--> statement-breakpoint
CREATE INDEX "items_item_code_lower_idx" ON "items" USING btree (lower("item_code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "journal_lines_account_entry_idx" ON "journal_lines" USING btree ("account_id","entry_id");--> statement-breakpoint
-- Codes made before accounts followed their parent's pattern ("11.24" beside "1101") take the
-- parent's code and the next running number, as wide as the siblings' that fit (two digits at
-- least), parents before children; codes that already fit are kept.
DO $$
DECLARE
  p record;
  c record;
  pcode text;
  pat text;
  w int;
  n numeric;
  newcode text;
BEGIN
  FOR p IN
    WITH RECURSIVE t AS (
      SELECT account_id, 1 AS lvl FROM accounts WHERE parent_id IS NULL
      UNION ALL
      SELECT a.account_id, t.lvl + 1 FROM accounts a JOIN t ON a.parent_id = t.account_id WHERE t.lvl < 32
    )
    SELECT account_id FROM t ORDER BY lvl, account_id
  LOOP
    SELECT code INTO pcode FROM accounts WHERE account_id = p.account_id;
    pat := '^' || regexp_replace(pcode, '([^[:alnum:]_])', '\\\1', 'g') || '[0-9]+$';
    SELECT greatest(2, coalesce(max(length(code) - length(pcode)), 2)), coalesce(max(substr(code, length(pcode) + 1)::numeric), 0)
      INTO w, n
      FROM accounts WHERE parent_id = p.account_id AND code ~ pat;
    FOR c IN SELECT account_id FROM accounts WHERE parent_id = p.account_id AND code !~ pat ORDER BY account_id LOOP
      LOOP
        n := n + 1;
        newcode := pcode || CASE WHEN length(n::text) >= w THEN n::text ELSE lpad(n::text, w, '0') END;
        EXIT WHEN NOT EXISTS (SELECT 1 FROM accounts WHERE code = newcode);
      END LOOP;
      UPDATE accounts SET code = newcode WHERE account_id = c.account_id;
    END LOOP;
  END LOOP;
END $$;
