-- Numbers so far were the documents' ids: each series continues after the highest one, in the first outlet's series.
INSERT INTO "document_counters" ("doc_type", "outlet_id", "last_number")
SELECT t.doc_type, (SELECT min(outlet_id) FROM outlets), t.n FROM (
  SELECT 'expenses' AS doc_type, max(id) AS n FROM expenses
  UNION ALL SELECT 'incomes', max(id) FROM incomes
  UNION ALL SELECT 'cash_transactions', max(transaction_id) FROM cash_transactions
  UNION ALL SELECT 'customer_transactions', max(transaction_id) FROM consumer_transactions WHERE kind = 'customer'
  UNION ALL SELECT 'supplier_transactions', max(transaction_id) FROM consumer_transactions WHERE kind = 'supplier'
) t
WHERE t.n IS NOT NULL AND EXISTS (SELECT 1 FROM outlets);
