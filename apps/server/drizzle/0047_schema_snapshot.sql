-- No change to the database: 0041 to 0046 were written by hand, and this migration records the
-- schema they leave (meta/0047_snapshot.json), so that the next generated migration starts from it.
select 1;
