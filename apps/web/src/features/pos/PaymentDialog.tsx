import { CURRENCY_IQD, CURRENCY_USD, currencyCode, dueIn, type PosCustomer, posChange, tenderExcess } from "@app/contracts";
import { Button, Group, Kbd, Stack, Text } from "@mantine/core";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatAmount } from "../../shared/amount";
import type { PricedBill } from "./bill";
import { Choice, MoneyField, Notice } from "./PosFields";
import { PosModal } from "./PosModal";
import { type PosSession, smallestOf } from "./posSession";
import { ConfirmationAsked } from "./queue";
import type { ReceiptData } from "./receipt";
import { keyLabel } from "./usePosKeys";

type Method = "iqd" | "usd" | "fib" | "credit";

/**
 * Payment: IQD cash and USD cash together at the in-rate, FIB (the bank account of the POS
 * settings) and credit (a named customer only); the change in the currency the cashier picks,
 * down to the smallest note. Enter or F8 takes the payment once the bill is covered. Cash a
 * banknote or more above the bill (`tenderExcess`: the cash field held the total when the amount
 * was typed after it) is asked about first, and taken only once the cashier says it is right.
 */
export function PaymentDialog({
  bill,
  session,
  customer,
  onClose,
  onPaid,
}: {
  bill: PricedBill;
  session: PosSession;
  customer: PosCustomer | null;
  onClose: () => void;
  onPaid: (payments: ReceiptData["payments"], change: ReceiptData["change"], confirmed: boolean) => Promise<void>;
}) {
  const { t } = useTranslation("pos");
  const total = bill.doc.total;
  const [amounts, setAmounts] = useState<Record<Method, string>>({ iqd: total, usd: "", fib: "", credit: "" });
  const [changeCurrency, setChangeCurrency] = useState<number>(CURRENCY_IQD);
  const [busy, setBusy] = useState(false);
  /** The server's refusal of this bill (stock gone, the customer's credit): shown here, the bill kept. */
  const [refusal, setRefusal] = useState<string | null>(null);
  /** The question about an unusual amount, until the cashier answers it or changes the amounts. */
  const [asked, setAsked] = useState<string | null>(null);
  const changeLabel = useId();
  const askedId = useId();
  const system = session.system_currency_id;
  const payments = (
    [
      ["iqd", "cash", CURRENCY_IQD],
      ["usd", "cash", CURRENCY_USD],
      ["fib", "fib", system],
      ["credit", "credit", system],
    ] as const
  )
    .filter(([k]) => Number(amounts[k] || "0") > 0)
    .map(([k, method, currency_id]) => ({ method, currency_id, amount: amounts[k] }));
  const c = posChange({
    total,
    currency_id: system,
    rate: session.in_rate,
    payments,
    change_currency_id: changeCurrency,
    smallest: smallestOf(session),
  });
  const creditWithoutCustomer = Number(amounts.credit || "0") > 0 && !customer;
  const noFib = Number(amounts.fib || "0") > 0 && !session.fib_account;
  const ok = c.covered && payments.length > 0 && !creditWithoutCustomer && !noFib && !busy;

  const money = (v: string, cur: number) => formatAmount(v, cur === CURRENCY_IQD ? 0 : 2);
  const excess = tenderExcess({ total, currency_id: system, rate: session.in_rate, payments });

  const pay = async (confirmed = false) => {
    if (!ok) return;
    if (excess && !confirmed) {
      setAsked(
        t("payment.tooMuch", {
          over: `${money(excess.over, excess.currency_id)} ${currencyCode(excess.currency_id)}`,
          note: `${money(excess.note, excess.note_currency_id)} ${currencyCode(excess.note_currency_id)}`,
        }),
      );
      return;
    }
    setBusy(true);
    setRefusal(null);
    setAsked(null);
    try {
      await onPaid(payments, { change: c.change, change_currency_id: c.change_currency_id, change_iqd: c.change_iqd }, confirmed);
    } catch (err) {
      if (err instanceof ConfirmationAsked) setAsked(err.message);
      else setRefusal(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const set = (k: Method) => (v: string) => {
    setAsked(null);
    setAmounts((a) => ({ ...a, [k]: v }));
  };
  const changeAmount = () => {
    setAsked(null);
    document.querySelector<HTMLInputElement>('[data-testid="pay-iqd"]')?.focus();
  };

  return (
    <PosModal onClose={onClose} title={t("payment.title")} size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void pay();
        }}
        onKeyDown={(e) => {
          if (e.key === "F8") {
            e.preventDefault();
            void pay();
          }
        }}
      >
        <Stack>
          <Group justify="space-between">
            <Text size="lg">{t("total")}</Text>
            <Stack gap={0} align="flex-end">
              <Text size="xl" fw={700} dir="ltr" data-testid="pay-total">
                {money(total, system)} IQD
              </Text>
              <Text dir="ltr">{money(bill.total_usd, CURRENCY_USD)} USD</Text>
            </Stack>
          </Group>
          <div className="pos-grid">
            <MoneyField label={t("payment.cashIqd")} value={amounts.iqd} onChange={set("iqd")} data-autofocus data-testid="pay-iqd" />
            <MoneyField label={t("payment.cashUsd")} value={amounts.usd} onChange={set("usd")} data-testid="pay-usd" />
            <MoneyField
              label={t("payment.fib")}
              description={session.fib_account?.account_name ?? t("payment.noFib")}
              value={amounts.fib}
              onChange={set("fib")}
              error={noFib ? t("payment.noFib") : undefined}
              data-testid="pay-fib"
            />
            <MoneyField
              label={t("payment.credit")}
              description={customer?.consumer_name ?? t("payment.creditNeedsCustomer")}
              value={amounts.credit}
              onChange={set("credit")}
              error={creditWithoutCustomer ? t("payment.creditNeedsCustomer") : undefined}
              data-testid="pay-credit"
            />
          </div>
          <Group justify="space-between">
            <Text id={changeLabel}>{t("payment.changeIn")}</Text>
            <Choice
              labelledBy={changeLabel}
              value={String(changeCurrency)}
              onChange={(v) => setChangeCurrency(Number(v))}
              options={[
                { value: String(CURRENCY_IQD), label: "IQD" },
                { value: String(CURRENCY_USD), label: "USD" },
              ]}
              testId="pay-change-currency"
            />
          </Group>
          <Group justify="space-between">
            <Text>{t("payment.paid")}</Text>
            <Text dir="ltr" data-testid="pay-paid">
              {money(c.paid, system)} IQD
            </Text>
          </Group>
          {c.covered ? (
            <Notice color="green" title={t("payment.change")}>
              <Text size="xl" fw={700} dir="ltr" data-testid="pay-change">
                {money(c.change, c.change_currency_id)} {c.change_currency_id === CURRENCY_IQD ? "IQD" : "USD"}
                {/* Whole dollars and the rest in dinars, as a cashier hands it over. */}
                {Number(c.change_iqd) > 0 && ` + ${money(c.change_iqd, CURRENCY_IQD)} IQD`}
              </Text>
              {c.change !== c.change_exact && (
                <Text size="xs" c="dimmed">
                  {t("payment.rounded", { exact: formatAmount(c.change_exact, 3) })}
                </Text>
              )}
            </Notice>
          ) : (
            <Notice color="orange" title={t("payment.due")}>
              <Text size="xl" fw={700} dir="ltr" data-testid="pay-due">
                {money(c.due, system)} IQD
              </Text>
              {system === CURRENCY_IQD && (
                <Text dir="ltr" data-testid="pay-due-usd">
                  {money(dueIn(c.due, system, CURRENCY_USD, session.in_rate), CURRENCY_USD)} USD
                </Text>
              )}
            </Notice>
          )}
          {asked && (
            <div className="pos-notice pos-notice-orange" role="alertdialog" aria-labelledby={askedId} data-testid="pay-asked">
              <p className="pos-notice-title" id={askedId}>
                {asked}
              </p>
              <Group justify="flex-end" gap="xs">
                <Button variant="default" onClick={changeAmount} data-testid="pay-asked-change">
                  {t("payment.changeAmount")}
                </Button>
                <Button color="orange" onClick={() => void pay(true)} data-testid="pay-asked-yes">
                  {t("payment.amountRight")}
                </Button>
              </Group>
            </div>
          )}
          {refusal && (
            <Text role="alert" c="var(--mantine-color-error)" fw={600} data-testid="pay-refused">
              {refusal}
            </Text>
          )}
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={onClose}
              rightSection={
                <Kbd size="xs" dir="ltr">
                  {keyLabel("cancel")}
                </Kbd>
              }
            >
              {t("cancel")}
            </Button>
            <Button
              type="submit"
              color="green"
              disabled={!ok}
              loading={busy}
              rightSection={
                <Kbd size="xs" dir="ltr">
                  {keyLabel("pay")}
                </Kbd>
              }
              data-testid="pay-confirm"
            >
              {t("payment.confirm")}
            </Button>
          </Group>
        </Stack>
      </form>
    </PosModal>
  );
}
