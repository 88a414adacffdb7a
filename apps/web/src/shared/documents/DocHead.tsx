import { Paper, SimpleGrid, Stack } from "@mantine/core";
import { type ReactNode, useEffect, useState } from "react";
import { useSession } from "../../app/session";
import { businessNow } from "../businessTime";
import { CurrencyPicker, type CurrencyValue } from "../CurrencyPicker";
import { DateField } from "../DateField";
import { plainDecimal } from "../format";
import { InventorySelect } from "./pickers";

/** A field of the form as an input takes it (`form.field(key)`). */
interface Bound<T> {
  value: T;
  onChange: (value: T) => void;
  error?: string | undefined;
}

/** Today, the business day, as a document's date field holds it. */
export const today = () => businessNow().format("YYYY-MM-DD");

/** A document's currency and rate as its currency picker holds them (the system currency at 1 unless said). */
export const docMoney = (currencyId: number, rate: string | number = "1"): CurrencyValue => ({
  currency_id: currencyId,
  rate: plainDecimal(rate),
  amount: "0",
  foreign_amount: "0",
});

/** A new document's date, inventory (the system's default when the user uses it, else their first) and currency (the system's). */
export function useNewDocHead() {
  const { systemConfig, me } = useSession();
  const own = me.inventories.find((i) => i.inventory_id === systemConfig.default_inventory_fk) ?? me.inventories[0];
  return {
    system: systemConfig.currency_fk,
    date: today(),
    inventory: String(own?.inventory_id ?? ""),
    money: docMoney(systemConfig.currency_fk),
  };
}

/**
 * Fills a form once from what it is loaded `from` (null or undefined: nothing to fill from, or not
 * loaded yet): `fill` puts it in the form; again when its `markOf` changes, or after `again()` (the
 * record changed on the server: an import).
 */
export function useFillOnce<T>(from: T | null | undefined, markOf: (from: T) => string, fill: (from: T) => void) {
  const [filled, setFilled] = useState<string | null>(null);
  const mark = from === null || from === undefined ? null : markOf(from);
  useEffect(() => {
    if (from === null || from === undefined || mark === filled) return;
    setFilled(mark);
    fill(from);
  }, [from, mark, filled, fill]);
  return { again: () => setFilled(null) };
}

/**
 * The top panel of a document's form (purchases, sales, quotations and their returns): the party,
 * the date (`date.testId`) and the inventory in a row with the document's own fields between them,
 * what the party's choice tells under them, and the currency with its rate (none when the document
 * it comes from fixes them).
 */
export function DocHead(props: {
  testId?: string;
  /** The fields' columns: 2, and 4 on a wide screen, unless said. */
  cols?: { base: number; sm: number; lg?: number };
  labels: { date: string; inventory: string };
  /** The party's picker (read-only when the document it comes from fixes it). */
  party: ReactNode;
  /** Fields after the party (the reference number, the salesman). */
  afterParty?: ReactNode;
  date: Bound<string> & { testId?: string };
  /** Fields after the date (valid until). */
  afterDate?: ReactNode;
  inventory: Bound<string> & { disabled?: boolean };
  /** Fields after the inventory (the document returned). */
  afterInventory?: ReactNode;
  /** Under the fields (the customer's details and warnings). */
  children?: ReactNode;
  /** The currency: in (a sale's rate) or out (a purchase's); false when fixed by the document it comes from. */
  currency: (Bound<CurrencyValue> & { rateKind: "in" | "out"; fieldError: (field: "rate" | "currency_id") => string | undefined }) | false;
  /** Under the currency (the discount). */
  afterCurrency?: ReactNode;
}) {
  const { date, inventory, currency } = props;
  return (
    <Paper withBorder radius="md" p="md" data-testid={props.testId}>
      <SimpleGrid cols={props.cols ?? { base: 1, sm: 2, lg: 4 }} spacing="md">
        {props.party}
        {props.afterParty}
        <DateField
          label={props.labels.date}
          withAsterisk
          value={date.value || null}
          onChange={(val) => date.onChange(val ?? "")}
          error={date.error}
          data-testid={date.testId}
        />
        {props.afterDate}
        <InventorySelect
          label={props.labels.inventory}
          value={inventory.value}
          disabled={inventory.disabled}
          onChange={inventory.onChange}
          error={inventory.error}
        />
        {props.afterInventory}
      </SimpleGrid>
      {props.children}
      {currency && (
        <Stack mt="md">
          <CurrencyPicker
            value={currency.value}
            onChange={currency.onChange}
            rateKind={currency.rateKind}
            withAmount={false}
            errors={{ rate: currency.fieldError("rate"), currency: currency.fieldError("currency_id") }}
          />
          {props.afterCurrency}
        </Stack>
      )}
    </Paper>
  );
}
