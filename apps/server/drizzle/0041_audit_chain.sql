-- Tamper evidence for the audit log: every row is linked into one hash chain at its transaction's
-- commit (ARCHITECTURE.md, "The audit log's hash chain"). chain_seq is the row's place in the chain
-- (commit order), prev_hash the hash of the row before it, hash = sha256(prev_hash || canonical).
ALTER TABLE "audit_logs" ADD COLUMN "chain_seq" bigint;
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "prev_hash" text;
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "hash" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_logs_chain_seq_idx" ON "audit_logs" ("chain_seq");
--> statement-breakpoint
-- Rows not linked into the chain (only ever a committed row written while the triggers were off).
CREATE INDEX "audit_logs_unlinked_idx" ON "audit_logs" ("id") WHERE "chain_seq" IS NULL;
--> statement-breakpoint
-- The chain's head: the one row every committing writer of audit rows locks, at its commit only.
CREATE TABLE "audit_chain_head" (
  "id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "seq" bigint NOT NULL,
  "audit_id" bigint,
  "hash" text NOT NULL
);
--> statement-breakpoint
-- The canonical content of a row, the text its hash covers (the verifier builds the same text).
CREATE FUNCTION audit_canonical(a audit_logs) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT '{"id":' || a.id::text
    || ',"module":' || to_json(a.module)::text
    || ',"action":' || to_json(a.action)::text
    || ',"record_id":' || coalesce(to_json(a.record_id)::text, 'null')
    || ',"user_id":' || coalesce(a.user_id::text, 'null')
    || ',"ip":' || coalesce(to_json(abbrev(a.ip))::text, 'null')
    || ',"before":' || coalesce(a.before::text, 'null')
    || ',"after":' || coalesce(a.after::text, 'null')
    || ',"created_at":"' || to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '"}'
$$;
--> statement-breakpoint
CREATE FUNCTION audit_row_hash(prev text, a audit_logs) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(prev || audit_canonical(a), 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- The rows written before the chain existed are linked in id order, the first after 64 zeros.
DO $$
DECLARE
  r audit_logs;
  prev text := repeat('0', 64);
  n bigint := 0;
  last_id bigint;
BEGIN
  FOR r IN SELECT * FROM audit_logs ORDER BY id LOOP
    n := n + 1;
    UPDATE audit_logs SET chain_seq = n, prev_hash = prev, hash = audit_row_hash(prev, r) WHERE id = r.id
      RETURNING hash INTO prev;
    last_id := r.id;
  END LOOP;
  INSERT INTO audit_chain_head (id, seq, audit_id, hash) VALUES (1, n, last_id, prev);
END $$;
--> statement-breakpoint
-- A new row comes unlinked whatever its writer said; it is linked at commit.
CREATE FUNCTION audit_logs_unlinked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.chain_seq := NULL;
  NEW.prev_hash := NULL;
  NEW.hash := NULL;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_logs_unlinked BEFORE INSERT ON audit_logs FOR EACH ROW EXECUTE FUNCTION audit_logs_unlinked();
--> statement-breakpoint
-- At commit: the first of the transaction's row events locks the head and links every row the
-- transaction wrote (the unlinked rows it sees: others' are not committed yet) in id order, then
-- moves the head once; the later events find their row linked and return. One head update per
-- commit, however many rows (a head updated once per row would grow a chain of row versions
-- that every later lookup in the transaction walks).
CREATE FUNCTION audit_chain_link() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head audit_chain_head;
  r audit_logs;
  n bigint;
  prev text;
  last_id bigint;
BEGIN
  IF EXISTS (SELECT 1 FROM audit_logs WHERE id = NEW.id AND chain_seq IS NOT NULL) THEN
    RETURN NULL;
  END IF;
  SELECT * INTO head FROM audit_chain_head WHERE id = 1 FOR UPDATE;
  n := head.seq;
  prev := head.hash;
  last_id := head.audit_id;
  FOR r IN SELECT * FROM audit_logs WHERE chain_seq IS NULL ORDER BY id LOOP
    n := n + 1;
    UPDATE audit_logs SET chain_seq = n, prev_hash = prev, hash = audit_row_hash(prev, r) WHERE id = r.id
      RETURNING hash INTO prev;
    last_id := r.id;
  END LOOP;
  UPDATE audit_chain_head SET seq = n, audit_id = last_id, hash = prev WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER audit_chain_link AFTER INSERT ON audit_logs
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_chain_link();
--> statement-breakpoint
-- Audit rows are never changed or deleted; the one update allowed is a row's own linking.
CREATE FUNCTION audit_logs_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.hash IS NULL AND NEW.hash IS NOT NULL
     AND (NEW.id, NEW.user_id, NEW.module, NEW.action, NEW.record_id, NEW.before, NEW.after, NEW.ip, NEW.created_at)
         IS NOT DISTINCT FROM (OLD.id, OLD.user_id, OLD.module, OLD.action, OLD.record_id, OLD.before, OLD.after, OLD.ip, OLD.created_at) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'the audit log is append-only: % on audit_logs is not allowed', TG_OP USING ERRCODE = '42501';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_logs_immutable BEFORE UPDATE OR DELETE ON audit_logs FOR EACH ROW EXECUTE FUNCTION audit_logs_immutable();
