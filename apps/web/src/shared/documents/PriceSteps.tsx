import { Text } from "@mantine/core";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { PriceStep } from "../api/sales";
import { useFormat } from "../format";

/**
 * Why a line's price is what it is: each step of the price function in order (sale price, the
 * customer's pricing list, the promotion by name, discounts, tax) with what it changed.
 */
export function PriceSteps({ steps, currency }: { steps: PriceStep[]; currency: string }) {
  const { t } = useTranslation("salesdocs");
  const fmt = useFormat();
  // Figures keep their sign in front and their currency after them in a right-to-left line:
  // "+1,000" never reads "1,000+".
  const ltr = (text: string) => <span dir="ltr">{text}</span>;
  const signed = (v: string) => ltr(Number(v) > 0 ? `+${fmt.amount(v)}` : fmt.amount(v));
  const part = (s: PriceStep): ReactNode => {
    const name =
      s.step === "promotion"
        ? `${t("steps.promotion")} «${s.title ?? ""}»`
        : s.step === "profile"
          ? `${t("steps.profile")} «${s.profile_name ?? ""}»`
          : t(`steps.${s.step}`);
    const pct = s.percent ? <> {ltr(`${fmt.amount(s.percent)}%`)}</> : null;
    if (s.step === "unit_price") {
      const price = (
        <>
          {name}
          {s.manual ? ` (${t("steps.manual")})` : ""} {ltr(`${fmt.amount(s.unit_price)} ${currency}`)}
        </>
      );
      // The steps after it change the line's amount, not the unit's: say what the line starts at.
      return s.unit_price !== undefined && Number(s.amount) !== Number(s.unit_price) ? (
        <>
          {price}, {t("steps.line", { amount: fmt.amount(s.amount) })}
        </>
      ) : (
        price
      );
    }
    if (s.skipped) return `${name}: ${t("steps.skipped")}`;
    if (s.step === "promotion" && s.free_quantity && Number(s.free_quantity) > 0)
      return `${name}: ${t("steps.free", { qty: fmt.amount(s.free_quantity) })}`;
    return (
      <>
        {name}
        {pct} {signed(s.change)}
      </>
    );
  };
  return (
    <Text size="xs" c="dimmed" mt={4} data-testid="line-steps">
      {steps.map((s, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a line's steps come in the price function's fixed order
        <Fragment key={i}>
          {i > 0 && " → "}
          {part(s)}
        </Fragment>
      ))}
    </Text>
  );
}
