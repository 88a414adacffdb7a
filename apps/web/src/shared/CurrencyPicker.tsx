import { CURRENCY_IQD } from "@app/contracts";
import { Group, Select, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSession } from "../app/session";
import { api } from "./api/client";
import type { Currency, DataBody, LastRate, MessageBody } from "./api/types";
import { plainDecimal } from "./format";
import { convert, orZero } from "./money";

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

export function CurrencyPicker({
  value,
  onChange,
  rateKind,
  error,
}: {
  value: CurrencyValue;
  onChange: (v: CurrencyValue) => void;
  /** The in-rate serves sales, POS, incomes and customers; the out-rate purchases, suppliers and expenses. */
  rateKind: "in" | "out";
  /** The first message of the amount, rate or currency, shown under the row. */
  error?: string | undefined;
}) {
  const { t } = useTranslation("common");
  const { systemConfig } = useSession();
  const system = systemConfig.currency_fk;
  const currencies = useQuery(currenciesQuery);
  const lastRate = useQuery(lastRateQuery);
  const foreign = isForeign(value, system);
  const last = (rateKind === "in" ? lastRate.data?.in_rate : lastRate.data?.rate) ?? "0";

  return (
    <>
      <Group grow align="flex-start" gap="sm">
        <Select
          label={t("currency.currency")}
          required
          allowDeselect={false}
          data={(currencies.data ?? []).map((c) => ({ value: String(c.currency_id), label: c.currency_name }))}
          value={String(value.currency_id)}
          onChange={(v) => v && onChange(chooseCurrency(value, Number(v), system, last))}
          data-testid="currency-select"
        />
        {foreign && (
          <TextInput
            label={t("currency.rate")}
            required
            inputMode="decimal"
            value={value.rate}
            onChange={(e) => onChange(fromForeign({ ...value, rate: e.currentTarget.value }, system))}
            onBlur={() => onChange(fromForeign({ ...value, rate: orZero(value.rate) }, system))}
            data-testid="currency-rate"
          />
        )}
        {foreign && (
          <TextInput
            label={value.currency_id === CURRENCY_IQD ? t("currency.iqdAmount") : t("currency.usdAmount")}
            required
            inputMode="decimal"
            value={value.foreign_amount}
            onChange={(e) => onChange(fromForeign({ ...value, foreign_amount: e.currentTarget.value }, system))}
            onBlur={() => onChange(fromForeign({ ...value, foreign_amount: orZero(value.foreign_amount) }, system))}
            data-testid="currency-foreign-amount"
          />
        )}
        <TextInput
          label={system === CURRENCY_IQD ? t("currency.iqdAmount") : t("currency.usdAmount")}
          required
          inputMode="decimal"
          value={value.amount}
          readOnly={foreign}
          onChange={(e) => onChange({ ...value, amount: e.currentTarget.value, foreign_amount: e.currentTarget.value })}
          onBlur={() => onChange({ ...value, amount: orZero(value.amount) })}
          data-testid="currency-amount"
        />
      </Group>
      {error && (
        <Text c="red" size="sm" data-testid="amount-error">
          {error}
        </Text>
      )}
    </>
  );
}
