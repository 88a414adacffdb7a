import { CURRENCY_IQD, type PosReceiptWidth } from "@app/contracts";
import { useEffect, useRef } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { formatAmount } from "../../shared/amount";
import type { SystemConfig } from "../../shared/api/types";
import { code128Bars } from "./code128";
import type { ReceiptData } from "./receipt";
import { printEscPos } from "./serialPrinter";
import { shopTime } from "./shopClock";

const cur = (id: number) => (id === CURRENCY_IQD ? "IQD" : "USD");
const amount = (v: string, id: number) => formatAmount(v, id === CURRENCY_IQD ? 0 : 2);

/** The receipt number as a Code 128 barcode, with the number under it (none for what Code 128 cannot carry). */
function Barcode({ code }: { code: string }) {
  const module = 1.6;
  let drawn: ReturnType<typeof code128Bars>;
  try {
    drawn = code128Bars(code);
  } catch {
    return null;
  }
  const { bars, modules } = drawn;
  const width = modules * module;
  return (
    <svg width={width} height={54} viewBox={`0 0 ${width} 54`} role="img" aria-label={code}>
      {bars.map(([x, w]) => (
        <rect key={x} x={x * module} y={0} width={w * module} height={40} />
      ))}
      <text x={width / 2} y={54} textAnchor="middle" fontSize={12} fontFamily="monospace">
        {code}
      </text>
    </svg>
  );
}

/** The receipt on its 80 or 58 mm roll; on screen it is hidden, on paper it is all there is (pos.css). */
export function Receipt({ receipt: r, shop, width = 80 }: { receipt: ReceiptData; shop: SystemConfig; width?: PosReceiptWidth }) {
  const { t, i18n } = useTranslation("pos");
  const number = r.number ?? r.key.slice(0, 8).toUpperCase();
  return (
    <div
      className={width === 58 ? "pos-receipt pos-receipt-58" : "pos-receipt"}
      dir={i18n.dir()}
      lang={i18n.language}
      data-testid="pos-receipt"
      data-width={width}
    >
      <h1>{shop.shop_name}</h1>
      {shop.receipt_header && <p className="pos-receipt-center">{shop.receipt_header}</p>}
      <p className="pos-receipt-center">
        {t("receipt")} <span dir="ltr">{number}</span>
        {!r.number && ` (${t("queue.state.pending")})`}
      </p>
      <p className="pos-receipt-center" dir="ltr">
        {shopTime(r.made_at, shop.time_zone, { am: t("common:time.am"), pm: t("common:time.pm") })}
      </p>
      {r.customer && (
        <p>
          {t("customer")}: {r.customer}
        </p>
      )}
      <table>
        <tbody>
          {r.lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a printed receipt's lines never move
            <tr key={i}>
              <td>
                {l.name}
                <br />
                {/* In the receipt's own direction, each part isolated: the figures read left to right and the
                    unit its own way, so in Arabic the quantity stays by its unit ("1 قطعة × 2,500", from the right)
                    instead of the price running into it. */}
                <span className="pos-receipt-qty">
                  <span dir="ltr">{formatAmount(l.quantity, 3)}</span> <bdi>{l.unit}</bdi> ×{" "}
                  <span dir="ltr">{amount(l.price, r.system_currency_id)}</span>
                </span>
                {l.promotion && <em> · {l.promotion}</em>}
              </td>
              <td className="pos-receipt-num">
                <span dir="ltr">{amount(l.total, r.system_currency_id)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="pos-receipt-totals">
        <tbody>
          {r.discount !== "0" && <Line label={t("discount")} value={amount(r.discount, r.system_currency_id)} />}
          {r.tax !== "0" && <Line label={t("tax")} value={amount(r.tax, r.system_currency_id)} />}
          <Line label={`${t("total")} IQD`} value={amount(r.total, r.system_currency_id)} strong />
          <Line label={`${t("total")} USD`} value={formatAmount(r.total_usd, 2)} strong />
          {r.payments.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a printed receipt's payments never move
            <Line key={i} label={`${t(`method.${p.method}`)} ${cur(p.currency_id)}`} value={amount(p.amount, p.currency_id)} />
          ))}
          <Line
            label={`${t("payment.change")} ${cur(r.change.change_currency_id)}`}
            value={amount(r.change.change, r.change.change_currency_id)}
            strong
          />
          {Number(r.change.change_iqd ?? 0) > 0 && (
            <Line label={`${t("payment.change")} IQD`} value={amount(r.change.change_iqd ?? "0", CURRENCY_IQD)} strong />
          )}
        </tbody>
      </table>
      <p>
        {t("cashier")}: {r.cashier}
      </p>
      <div className="pos-receipt-center">
        <Barcode code={number} />
      </div>
      {shop.receipt_footer && <p className="pos-receipt-center">{shop.receipt_footer}</p>}
    </div>
  );
}

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <tr className={strong ? "pos-receipt-strong" : undefined}>
      <td>{label}</td>
      <td className="pos-receipt-num">
        <span dir="ltr">{value}</span>
      </td>
    </tr>
  );
}

/**
 * Prints a receipt: over Web Serial as ESC/POS when a printer is connected, else through the
 * browser's print (a POS terminal started with --kiosk-printing prints without a dialog). The
 * receipt stays in the page, so it can be printed again and checked in the print view.
 */
export function ReceiptPrint({
  job,
  shop,
  width = 80,
}: {
  job: { receipt: ReceiptData; n: number };
  shop: SystemConfig;
  width?: PosReceiptWidth;
}) {
  const { t, i18n } = useTranslation("pos");
  // Each print asked for prints once: the receipt number written on it later does not print it again.
  const printed = useRef(0);
  useEffect(() => {
    if (job.n === 0 || job.n === printed.current) return;
    printed.current = job.n;
    const labels = {
      receipt: t("receipt"),
      total: t("total"),
      change: t("payment.change"),
      cashier: t("cashier"),
      cash: t("method.cash"),
      fib: t("method.fib"),
      credit: t("method.credit"),
    };
    void printEscPos(job.receipt, {
      shop: shop.shop_name,
      header: shop.receipt_header,
      footer: shop.receipt_footer,
      rtl: i18n.dir() === "rtl",
      labels,
      widthMm: width,
    }).then((done) => {
      if (!done) window.print();
    });
  }, [job, shop, t, i18n, width]);
  return createPortal(<Receipt receipt={job.receipt} shop={shop} width={width} />, document.body);
}
