import { useCurrencyTotals } from "../CurrencyPicker";
import { docDay, useFormat } from "../format";
import { useSeededNames } from "../seededNames";
import type { Column } from "./DataTable";

/** The fields a document list's row has for the columns every document list shows. */
interface DocRow {
  number: string | null;
  date: string;
  inventory_name: string;
  total: string;
  currency_name: string;
  created_by_name: string | null;
}

/**
 * The columns document lists share, their headers `{ns}:fields.…`: the number, the document's
 * day, its inventory (in the reader's language), its total in its currency (summed a currency
 * in the footer; the page loads `amount.css`) and who created it.
 */
export function useDocColumns<Row extends DocRow>(ns: string) {
  const fmt = useFormat();
  const names = useSeededNames();
  const totals = useCurrencyTotals("total");
  const number: Column<Row> = { key: "number", label: `${ns}:fields.number` };
  const date: Column<Row> = { key: "date", label: `${ns}:fields.date`, format: "date", render: (r) => fmt.date(docDay(r.date)) };
  const total: Column<Row> = {
    key: "total",
    label: `${ns}:fields.total`,
    format: "amount",
    currency: (r) => r.currency_name,
    footer: totals,
    render: (r) => (
      <span className="amount">
        {fmt.money(r.total, r.currency_name)} {r.currency_name}
      </span>
    ),
  };
  const createdBy: Column<Row> = { key: "created_by_name", label: `${ns}:fields.created_by` };
  return {
    number,
    date,
    /** The inventory, under its own header when the document names it otherwise ("From inventory"). */
    inventory: (label = `${ns}:fields.inventory`): Column<Row> => ({
      key: "inventory_name",
      label,
      text: (r) => names.inventory(r.inventory_name),
    }),
    total,
    createdBy,
  };
}
