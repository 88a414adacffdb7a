import { CURRENCY_IQD } from "@app/contracts";
import { Button, Center, Loader, Stack, Text, Title } from "@mantine/core";
import { lazy, Suspense, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { usePageTitle } from "../../app/PageTitle";
import { useSession } from "../../app/session";
import { formatAmount } from "../../shared/amount";
import { errorText, notifyWarning } from "../../shared/notify";
import { useBarcodeScanner } from "../../shared/useBarcodeScanner";
import { BillTable } from "./BillTable";
import { type PaidBill, PaidPanel } from "./PaidPanel";
import { PosHeader } from "./PosHeader";
import { PosSide } from "./PosSide";
import { usePosManifest } from "./posManifest";
import { usePosSession } from "./posSession";
import { lastReceipt } from "./receipt";
import { ScanField } from "./ScanField";
import { useCatalogue } from "./useCatalogue";
import { usePosBill } from "./usePosBill";
import { type PosAction, usePosKeys } from "./usePosKeys";
import { loadDialogs, usePosQueue } from "./usePosQueue";
import { usePosSale, usePrintJob } from "./usePosSale";
import "./pos.css";

const PosDialogs = lazy(async () => ({ default: (await loadDialogs()).PosDialogs }));
const PaymentDialog = lazy(async () => ({ default: (await loadDialogs()).PaymentDialog }));
const ReceiptPrint = lazy(async () => ({ default: (await loadDialogs()).ReceiptPrint }));

export type DialogKind =
  | "search"
  | "customer"
  | "hold"
  | "holds"
  | "returnBill"
  | "openDrawer"
  | "switchCashier"
  | "queue"
  | "printer"
  | null;

const SYNC_MS = 60_000;

/** The POS screen (SPEC §2 /settings/pos): full screen, keyboard first, goes on selling offline. */
export function PosPage() {
  const { t } = useTranslation("pos");
  usePageTitle("pos:title");
  usePosManifest();
  const { me, systemConfig } = useSession();
  const session = usePosSession();
  const [dialog, setDialog] = useState<DialogKind>(null);
  const [paying, setPaying] = useState(false);
  const { printJob, setPrintJob, onNumber } = usePrintJob();
  // The bill just paid, its change shown until the next item or bill.
  const [paid, setPaid] = useState<PaidBill | null>(null);
  const numbered = useCallback(
    (key: string, number: string) => {
      onNumber(key, number);
      setPaid((p) => (p && p.receipt.key === key ? { ...p, receipt: { ...p.receipt, number } } : p));
    },
    [onNumber],
  );
  const { queue, online, refreshQueue, flushNow } = usePosQueue(numbered);
  const { index, lookup } = useCatalogue(SYNC_MS);

  const s = session.data;
  const systemCurrency = s?.system_currency_id ?? systemConfig.currency_fk;
  const rate = s?.in_rate ?? "0";
  const walkIn = s?.walk_in_customer?.consumer_id ?? null;
  const canDiscount = (s?.permissions ?? []).includes("pos_sales/discount") || me.user_id === 1;
  const b = usePosBill({ index, walkIn, systemCurrency, rate });
  const { lines, bill } = b;
  // The next item, a bill resumed or thrown away starts a new bill: the change paid is no longer shown.
  const add: typeof b.add = (item, unit) => {
    setPaid(null);
    b.add(item, unit);
  };
  const clearBill = () => {
    setPaid(null);
    b.clearBill();
  };

  const onCode = (code: string) => {
    void lookup(code).then((hit) => {
      if (hit) add(hit.item, hit.unit);
      else notifyWarning(t("notFound", { code }));
    });
  };
  useBarcodeScanner(onCode);

  const completeSale = usePosSale({
    session: s,
    bill: b,
    systemCurrency,
    rate,
    online,
    queue,
    flushNow,
    refreshQueue,
    setPrintJob,
    onSold: (receipt, change) => {
      setPaying(false);
      const mode = s?.print_receipt ?? "never";
      if (mode === "always") setPrintJob({ receipt, n: Date.now() });
      setPaid({ receipt, change, asking: mode === "ask" });
    },
  });

  const act = (action: PosAction): boolean | undefined => {
    if (paying) return false;
    switch (action) {
      case "pay":
        if (bill && s) setPaying(true);
        return;
      case "cancel":
        if (dialog) setDialog(null);
        else if (!lines.length || b.cancelAsked) clearBill();
        else b.setCancelAsked(true);
        return;
      case "remove":
        if (lines.length) b.removeLine(b.selected);
        return;
      case "hold":
        if (lines.length) setDialog("hold");
        return;
      case "printLast": {
        const r = lastReceipt.get();
        if (r) setPrintJob({ receipt: r, n: Date.now() });
        else notifyWarning(t("noLastBill"));
        return;
      }
      default:
        setDialog(action);
        return;
    }
  };
  usePosKeys(act);

  if (!index || session.isPending) {
    return (
      <Center h="100dvh">
        <Stack align="center">
          <Loader />
          <Text>{t("loadingCatalogue")}</Text>
        </Stack>
      </Center>
    );
  }
  if (!s) {
    return (
      <Center h="100dvh">
        <Stack align="center">
          <Title order={1} size="h3">
            {t("title")}
          </Title>
          <Text fw={600}>{me.user_name}</Text>
          <Text data-testid="pos-no-session">{(session.error ? errorText(session.error) : null) || t("noSession")}</Text>
          <Button component="a" href="/user-logout">
            {t("signOut")}
          </Button>
        </Stack>
      </Center>
    );
  }
  const money = (v: string, cur = systemCurrency) => formatAmount(v, cur === CURRENCY_IQD ? 0 : 2);

  return (
    <div className="pos-screen">
      <PosHeader
        session={s}
        online={online}
        queue={queue}
        rate={rate}
        openQueue={() => setDialog("queue")}
        openPrinter={() => setDialog("printer")}
      />

      <main className="pos-main">
        <section className="pos-lines">
          {b.cancelAsked && (
            <div className="pos-cancel-ask" role="alertdialog" aria-label={t("cancelAsk")} data-testid="pos-cancel-ask">
              <span>{t("cancelAsk")}</span>
              <button type="button" className="pos-cancel-yes" onClick={clearBill} data-testid="pos-cancel-yes">
                {t("cancelYes")}
              </button>
              <button type="button" onClick={() => b.setCancelAsked(false)} data-testid="pos-cancel-no">
                {t("cancelNo")}
              </button>
            </div>
          )}
          {(s.financial_year === null || s.financial_year?.archived) && (
            <div className="pos-year-warning" role="alert" data-testid="pos-year-warning">
              {s.financial_year ? t("yearArchived", { name: s.financial_year.name }) : t("yearMissing")}
            </div>
          )}
          <div className="pos-scan-row">
            <ScanField onScan={onCode} label={t("scanField")} testId="pos-scan" />
          </div>
          <BillTable
            bill={bill}
            selected={b.selected}
            canDiscount={canDiscount}
            currencyId={systemCurrency}
            onSelect={b.setSelected}
            onChange={b.setLine}
            onRemove={b.removeLine}
          />
          {!lines.length && paid && (
            <PaidPanel
              paid={paid}
              print={() => setPrintJob({ receipt: paid.receipt, n: Date.now() })}
              answered={() => setPaid((p) => p && { ...p, asking: false })}
            />
          )}
          {!lines.length && !paid && (
            <Center p="xl">
              <Text c="dimmed">{t("scanHint")}</Text>
            </Center>
          )}
        </section>

        <PosSide
          session={s}
          customerName={b.customer?.consumer_name ?? null}
          bill={bill}
          hasLines={lines.length > 0}
          holdCount={b.holdCount}
          money={(v) => money(v)}
          act={act}
        />
      </main>

      <Suspense fallback={null}>
        {dialog && (
          <PosDialogs
            kind={dialog}
            close={() => setDialog(null)}
            index={index}
            session={s}
            lines={lines}
            customerId={b.customerId}
            queue={queue}
            onAdd={add}
            onCustomer={b.setCustomerId}
            onResume={(h) => {
              setPaid(null);
              b.resume(h);
              void b.refreshHolds();
            }}
            onHeld={() => {
              clearBill();
              void b.refreshHolds();
            }}
            onQueueChanged={refreshQueue}
            flush={async () => void (await flushNow())}
            refreshSession={() => void session.refetch()}
          />
        )}
      </Suspense>
      {/* Each behind a boundary of its own: the receipt's first load (after a sale) must not hide
          the dialogs' last frame and keep a closing payment open, hidden, taking the next scan. */}
      <Suspense fallback={null}>
        {paying && bill && (
          <PaymentDialog bill={bill} session={s} customer={b.named} onClose={() => setPaying(false)} onPaid={completeSale} />
        )}
      </Suspense>
      <Suspense fallback={null}>{printJob && <ReceiptPrint job={printJob} shop={systemConfig} width={s?.receipt_width ?? 80} />}</Suspense>
    </div>
  );
}
