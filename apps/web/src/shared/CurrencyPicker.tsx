import { CURRENCY_IQD, CURRENCY_USD } from "@app/contracts";
import { Group, Select } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../app/session";
import { api } from "./api/client";
import type { Currency, DataBody, LastRate, MessageBody } from "./api/types";
import { formatAmount, formatCurrencyAmount, plainDecimal } from "./format";
import { MoneyInput } from "./MoneyInput";
import { convert } from "./money";

export interface CurrencyValue {
  currency_id: number;
  /** IQD per 1 USD. */
  rate: string;
  /** In the system currency. */
  amount: string;
  /** In the chosen currency, when it is not the system currency. */
  foreign_amount: string;
}

export const currenciesQuery = {
  queryKey: ["currencies", "list"] as const,
  queryFn: async () => (await api<MessageBody<Currency[]>>("currencies/list")).message,
  staleTime: 10 * 60_000,
};

export const lastRateQuery = {
  queryKey: ["currency_rates", "last_rate"] as const,
  queryFn: async () => {
    const last = (await api<DataBody<LastRate>>("currency_rates/last_rate")).data;
    // The server sends rates at their stored scale ("1310.0000"); forms show "1310".
    return last && { ...last, rate: plainDecimal(last.rate), in_rate: plainDecimal(last.in_rate) };
  },
};

/** Foreign mode is on exactly when the chosen currency is not the system currency (SPEC §4). */
export const isForeign = (v: CurrencyValue, systemCurrency: number) => v.currency_id !== systemCurrency;

/** After the currency changes: the system currency needs no rate; the other one starts from its last rate. */
export function chooseCurrency(v: CurrencyValue, currencyId: number, systemCurrency: number, lastRate: string): CurrencyValue {
  if (currencyId === systemCurrency) return { ...v, currency_id: currencyId, rate: "1", foreign_amount: v.amount };
  const next = { ...v, currency_id: currencyId, rate: lastRate };
  return { ...next, foreign_amount: convert(v.amount, systemCurrency, currencyId, lastRate) };
}

/** The system amount follows the foreign amount and the rate, to 3 decimals. */
export const fromForeign = (v: CurrencyValue, systemCurrency: number): CurrencyValue => ({
  ...v,
  amount: convert(v.foreign_amount, v.currency_id, systemCurrency, v.rate),
});

/** A rate that is no rate: what a currency switched without its rate is left at. */
const unset = (rate: string) => rate.trim() === "" || Number(rate) === 1;

export function CurrencyPicker({
  value,
  onChange,
  rateKind,
  errors = {},
  withAmount = true,
}: {
  value: CurrencyValue;
  onChange: (v: CurrencyValue) => void;
  /** The in-rate serves sales, POS, incomes and customers; the out-rate purchases, suppliers and expenses. */
  rateKind: "in" | "out";
  /** Each shown under its own input; the amount's under the amount typed (the foreign one in foreign mode). */
  errors?: { currency?: string | undefined; rate?: string | undefined; amount?: string | undefined };
  /** A document whose amounts are its lines' (a purchase) takes only the currency and the rate. */
  withAmount?: boolean;
}) {
  const { t } = useTranslation("common");
  const { systemConfig } = useSession();
  const system = systemConfig.currency_fk;
  const currencies = useQuery(currenciesQuery);
  const lastRate = useQuery(lastRateQuery);
  const foreign = isForeign(value, system);
  const last = rateKind === "in" ? lastRate.data?.in_rate : lastRate.data?.rate;

  // The currency may turn foreign by another path than this picker (a USD cash account chosen on
  // the form): it then takes the last rate of its kind too, or it would book 150 USD as 150 IQD.
  // Only on the switch itself (or when the rates arrive after it), never while a rate is typed.
  const previous = useRef(value.currency_id);
  const pending = useRef(false);
  if (previous.current !== value.currency_id) {
    previous.current = value.currency_id;
    pending.current = foreign && unset(value.rate);
  }
  useEffect(() => {
    if (!pending.current || !last) return;
    pending.current = false;
    if (foreign && unset(value.rate)) onChange(chooseCurrency(value, value.currency_id, system, last));
  });

  return (
    <Group grow align="flex-start" gap="sm">
      <Select
        label={t("currency.currency")}
        required
        allowDeselect={false}
        data={(currencies.data ?? []).map((c) => ({ value: String(c.currency_id), label: c.currency_name }))}
        value={String(value.currency_id)}
        onChange={(v) => v && onChange(chooseCurrency(value, Number(v), system, last ?? "0"))}
        error={errors.currency}
        data-testid="currency-select"
      />
      {foreign && (
        <MoneyInput
          label={t("currency.rate")}
          required
          value={value.rate}
          onChange={(rate) => onChange(fromForeign({ ...value, rate }, system))}
          error={errors.rate}
          data-testid="currency-rate"
        />
      )}
      {foreign && withAmount && (
        <MoneyInput
          label={value.currency_id === CURRENCY_IQD ? t("currency.iqdAmount") : t("currency.usdAmount")}
          required
          value={value.foreign_amount}
          onChange={(foreign_amount) => onChange(fromForeign({ ...value, foreign_amount }, system))}
          error={errors.amount}
          data-testid="currency-foreign-amount"
        />
      )}
      {withAmount && (
        <MoneyInput
          label={system === CURRENCY_IQD ? t("currency.iqdAmount") : t("currency.usdAmount")}
          required
          value={value.amount}
          readOnly={foreign}
          zeroWhenEmpty={!foreign}
          onChange={(amount) => onChange({ ...value, amount, foreign_amount: amount })}
          error={foreign ? undefined : errors.amount}
          data-testid="currency-amount"
        />
      )}
    </Group>
  );
}

/**
 * A footer of amounts in several currencies: each currency's total apart (`amount_iqd`,
 * `amount_usd` from the list's sums), named, never added together.
 */
export function useCurrencyTotals(prefix = "amount") {
  const currencies = useQuery(currenciesQuery);
  return (sums: Record<string, string>) => {
    const parts = [
      { id: CURRENCY_IQD, sum: sums[`${prefix}_iqd`] },
      { id: CURRENCY_USD, sum: sums[`${prefix}_usd`] },
    ].filter((p) => p.sum !== undefined && Number(p.sum) !== 0);
    const name = (id: number) => currencies.data?.find((c) => c.currency_id === id)?.currency_name ?? "";
    // Each "amount currency" is isolated left to right, so a right-to-left page keeps it whole.
    return parts.length
      ? parts.map((p) => `\u2066${formatCurrencyAmount(p.sum, p.id)} ${name(p.id)}\u2069`).join(" + ")
      : formatAmount("0");
  };
}
