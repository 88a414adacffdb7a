import { CURRENCY_IQD, confirmationAsked, type PosCustomer, type PosItem, type PosUnit } from "@app/contracts";
import { Badge, Button, type ButtonProps, Center, Group, Kbd, Loader, Stack, Text, Title } from "@mantine/core";
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { answerTextsReady, translateMessage } from "../../app/i18n";
import { usePageTitle } from "../../app/PageTitle";
import { useSession } from "../../app/session";
import { formatAmount } from "../../shared/amount";
import { errorText, notifyWarning } from "../../shared/notify";
import { useSeededLabels } from "../../shared/seededLabels";
import { useBarcodeScanner } from "../catalogue/useBarcodeScanner";
import { BillRow } from "./BillRow";
import { addToBill, priceBill } from "./bill";
import { type BillLineState, holdsStore, queueStore } from "./posDb";
import { sendSale, usePosSession } from "./posSession";
import { registerPosWorker } from "./posWorker";
import { ConfirmationAsked, enqueue, flushOnce, type QueuedSale, type QueueEvent } from "./queue";
import { lastReceipt, newKey, type ReceiptData, receiptOf } from "./receipt";
import { ScanField } from "./ScanField";
import { useCatalogue } from "./useCatalogue";
import { keyLabel, type PosAction, usePosKeys } from "./usePosKeys";
import "./pos.css";

// The dialogs, the payment and the receipt: one chunk of their own (built on the browser's own
// dialog and fields, so it is small), loaded when first opened. The till must open them even when
// the server can no longer be reached: the service worker keeps them (see below).
const loadDialogs = () => import("./PosDialogs");
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

/** Web Serial (Chromium on https or localhost): only then can the till drive a receipt printer itself. */
const hasSerial = () => (navigator as Navigator & { serial?: unknown }).serial !== undefined;

/** A button of the till with its key shown on it. */
export function KeyButton({
  action,
  label,
  ...rest
}: { action: PosAction; label: string } & ButtonProps & { onClick?: () => void; disabled?: boolean }) {
  return (
    <Button
      variant="default"
      rightSection={
        <Kbd size="xs" dir="ltr">
          {keyLabel(action)}
        </Kbd>
      }
      data-testid={`pos-${action}`}
      {...rest}
    >
      {label}
    </Button>
  );
}

const SYNC_MS = 60_000;
const FLUSH_MS = 10_000;

/** The POS screen (SPEC §2 /settings/pos): full screen, keyboard first, goes on selling offline. */
export function PosPage() {
  const { t } = useTranslation("pos");
  usePageTitle("pos:title");
  const { me, systemConfig } = useSession();
  const names = useSeededLabels();
  const session = usePosSession();
  const [lines, setLines] = useState<BillLineState[]>([]);
  const [selected, setSelected] = useState(0);
  const [customerId, setCustomerId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<DialogKind>(null);
  const [paying, setPaying] = useState(false);
  // Esc asked to throw a bill with lines away: a second Esc (or Enter) does it, any other key keeps the bill.
  const [cancelAsked, setCancelAsked] = useState(false);
  const [queue, setQueue] = useState<QueuedSale[]>([]);
  const [online, setOnline] = useState(navigator.onLine);
  const [printJob, setPrintJob] = useState<{ receipt: ReceiptData; n: number } | null>(null);
  const [holdCount, setHoldCount] = useState(0);

  const refreshQueue = useCallback(async () => {
    const all = await queueStore.all();
    // A sale refused or kept for review shows the server's message in the queue: its texts first.
    if (all.some((s) => s.message)) await answerTextsReady();
    setQueue(all);
  }, []);
  const refreshHolds = useCallback(async () => setHoldCount((await holdsStore.all()).length), []);

  useEffect(() => {
    // Kept by the service worker since an earlier visit: the dialogs load when one is first opened.
    // Otherwise (the till's first visit, or no service worker) they are fetched now, so that a
    // till cut off right after it first opened still takes payments.
    const kept = "serviceWorker" in navigator && navigator.serviceWorker.controller !== null;
    void registerPosWorker();
    if (!kept) void loadDialogs();
  }, []);

  const { index, lookup } = useCatalogue(SYNC_MS);

  /**
   * Sends the waiting sales in order. `own`: the sale just paid at an online till, sent at once
   * (waiting for a run already going) and answered to the caller: refused, it leaves the queue
   * (nothing was booked) and its bill stays on screen.
   */
  const flushNow = useCallback(
    async (own?: string): Promise<QueueEvent | undefined> => {
      let mine: QueueEvent | undefined;
      const removals: Promise<void>[] = [];
      try {
        await flushOnce(
          queueStore,
          sendSale,
          (e) => {
            if (e.sale.key === own) mine = e;
            if (e.kind === "booked") {
              setOnline(true);
              const data = e.answer.body.data as { number?: string } | undefined;
              const last = lastReceipt.get();
              if (data?.number) {
                const number = String(data.number);
                if (last?.key === e.sale.key) lastReceipt.set({ ...last, number });
                setPrintJob((j) => (j && j.receipt.key === e.sale.key ? { ...j, receipt: { ...j.receipt, number } } : j));
              }
            } else if (e.kind === "refused" && e.sale.key === own) {
              removals.push(queueStore.remove(e.sale.key));
            } else {
              const message = translateMessage(e.sale.message ?? "");
              notifyWarning(t(e.kind === "review" ? "queue.reviewNotice" : "queue.refusedNotice", { message }));
            }
          },
          { wait: !!own },
        );
      } finally {
        await Promise.all(removals);
        await refreshQueue();
      }
      return mine;
    },
    [refreshQueue, t],
  );

  useEffect(() => {
    void refreshQueue();
    void refreshHolds();
    void flushNow();
    const timer = setInterval(() => void flushNow(), FLUSH_MS);
    const up = () => {
      setOnline(true);
      void flushNow();
    };
    const down = () => setOnline(false);
    window.addEventListener("online", up);
    window.addEventListener("offline", down);
    return () => {
      clearInterval(timer);
      window.removeEventListener("online", up);
      window.removeEventListener("offline", down);
    };
  }, [flushNow, refreshQueue, refreshHolds]);

  const s = session.data;
  const systemCurrency = s?.system_currency_id ?? systemConfig.currency_fk;
  const rate = s?.in_rate ?? "0";
  const walkIn = s?.walk_in_customer?.consumer_id ?? null;
  const customers = index?.meta.customers ?? [];
  const customer: PosCustomer | null = customers.find((c) => c.consumer_id === (customerId ?? walkIn)) ?? null;
  const canDiscount = (s?.permissions ?? []).includes("pos_sales/discount") || me.user_id === 1;
  const bill = useMemo(
    () => (index && lines.length ? priceBill(index, lines, { customer, system_currency_id: systemCurrency, rate: rate || "1" }) : null),
    [index, lines, customer, systemCurrency, rate],
  );

  const add = useCallback((item: PosItem, unit: PosUnit) => {
    setLines((ls) => {
      const next = addToBill(ls, item, unit);
      setSelected(next.findIndex((l) => l.item_id === item.item_id && l.item_unit_id === unit.item_unit_id));
      return next;
    });
  }, []);

  const onCode = (code: string) => {
    void lookup(code).then((hit) => {
      if (hit) add(hit.item, hit.unit);
      else notifyWarning(t("notFound", { code }));
    });
  };
  useBarcodeScanner(onCode);

  const setLine = useCallback(
    (i: number, patch: Partial<BillLineState>) => setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l))),
    [],
  );
  const removeLine = useCallback((i: number) => {
    setLines((ls) => {
      setSelected((x) => Math.max(0, Math.min(x, ls.length - 2)));
      return ls.filter((_, j) => j !== i);
    });
  }, []);
  const clearBill = () => {
    setCancelAsked(false);
    setLines([]);
    setCustomerId(null);
    setSelected(0);
  };

  const completeSale = async (payments: ReceiptData["payments"], change: ReceiptData["change"], confirmed: boolean) => {
    if (!bill || !s) return;
    const key = newKey();
    const body = {
      client_created_at: new Date().toISOString(),
      // Fixed when the sale is made: a resend must carry the very same body as the first try.
      offline: !online || queue.some((q) => q.state === "pending"),
      customer_fk: customer && customer.consumer_id !== walkIn ? customer.consumer_id : null,
      lines: bill.lines.map((l) => ({
        item_fk: l.item.item_id,
        unit_fk: l.unit.unit_id,
        quantity: l.state.quantity,
        ...(l.item.sale_price_editable && l.state.unit_price ? { unit_price: l.state.unit_price } : {}),
        ...(l.state.discount ? { discount_type: l.state.discount.type, discount: l.state.discount.value } : {}),
      })),
      payments: payments.map((p) => ({ method: p.method, currency_id: p.currency_id, amount: p.amount })),
      change_currency_id: change.change_currency_id,
      // The cashier said yes to cash a banknote or more above the bill (the server asks otherwise).
      ...(confirmed ? { confirmed: true } : {}),
    };
    await enqueue(queueStore, key, body);
    // Online, the sale is booked before the bill clears: a refusal (stock gone, the customer's
    // credit, a price the till may not give) is shown in the payment and the bill stays to be put
    // right. Not reached, it stays queued as a sale made offline.
    const answer = body.offline ? undefined : await flushNow(key);
    const asked = answer?.kind === "refused" ? confirmationAsked(answer.answer.body) : null;
    if (asked) throw new ConfirmationAsked(translateMessage(asked));
    if (answer?.kind === "refused") throw new Error(translateMessage(answer.answer.body.message ?? "") || t("queue.state.refused"));
    const booked = answer?.kind === "booked" ? (answer.answer.body.data as { number?: string } | undefined)?.number : undefined;
    const made = receiptOf(bill, {
      key,
      cashier: s.cashier.user_name,
      customer: customer && customer.consumer_id !== walkIn ? customer.consumer_name : null,
      system_currency_id: systemCurrency,
      rate,
      payments,
      change,
    });
    // Printed in the till's language: a seeded unit ("Piece") by its translated name.
    const receipt = { ...made, lines: made.lines.map((l) => ({ ...l, unit: names.unit(l.unit) })) };
    if (booked) receipt.number = String(booked);
    lastReceipt.set(receipt);
    // Ready on paper's page for the print view; printed with F7.
    setPrintJob({ receipt, n: 0 });
    clearBill();
    setPaying(false);
    if (body.offline) {
      await refreshQueue();
      void flushNow();
    }
  };

  const act = (action: PosAction): boolean | undefined => {
    if (paying) return false;
    switch (action) {
      case "pay":
        if (bill && s) setPaying(true);
        return;
      case "cancel":
        if (dialog) setDialog(null);
        else if (!lines.length || cancelAsked) clearBill();
        else setCancelAsked(true);
        return;
      case "remove":
        if (lines.length) removeLine(selected);
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

  // While the question is shown, Enter confirms it (before the scan field takes the Enter), and any
  // other key (a scanned code's first digit, an F key) keeps the bill and goes on as it would.
  useEffect(() => {
    if (!cancelAsked) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" || ["Shift", "Control", "Alt", "Meta"].includes(e.key)) return;
      if (e.key === "Enter") {
        e.preventDefault();
        e.stopPropagation();
        clearBill();
        return;
      }
      setCancelAsked(false);
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  });

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
  const pending = queue.filter((q) => q.state === "pending").length;
  const attention = queue.length - pending;
  const money = (v: string, cur = systemCurrency) => formatAmount(v, cur === CURRENCY_IQD ? 0 : 2);

  return (
    <div className="pos-screen">
      <header className="pos-header">
        <Group gap="sm">
          <Title order={1} size="h3">
            {systemConfig.shop_name || t("title")}
          </Title>
          <Badge color={online ? "green" : "red"} data-testid="pos-online">
            {online ? t("online") : t("offline")}
          </Badge>
          <Button
            size="xs"
            variant={attention ? "filled" : "light"}
            color={attention ? "red" : pending ? "orange" : "gray"}
            onClick={() => setDialog("queue")}
            rightSection={<Kbd size="xs">{keyLabel("queue")}</Kbd>}
            data-testid="pos-queue"
          >
            {t("queue.button", { count: queue.length })}
          </Button>
        </Group>
        <Group gap="xs">
          <Text size="sm" data-testid="pos-cashier">
            {t("cashier")}: {s.cashier.user_name} · {names.outlet(s.outlet.outlet_name)} · {names.inventory(s.inventory.inventory_name)}
          </Text>
          <Text size="sm" dir="ltr">
            1 USD = {formatAmount(rate, 0)} IQD
          </Text>
          {hasSerial() && (
            <Button size="xs" variant="subtle" onClick={() => setDialog("printer")} data-testid="pos-printer">
              {t("printer.button")}
            </Button>
          )}
          <Button size="xs" variant="subtle" component="a" href="/user-logout">
            {t("signOut")}
          </Button>
        </Group>
      </header>

      <main className="pos-main">
        <section className="pos-lines">
          {cancelAsked && (
            <div className="pos-cancel-ask" role="alertdialog" aria-label={t("cancelAsk")} data-testid="pos-cancel-ask">
              <span>{t("cancelAsk")}</span>
              <button type="button" className="pos-cancel-yes" onClick={clearBill} data-testid="pos-cancel-yes">
                {t("cancelYes")}
              </button>
              <button type="button" onClick={() => setCancelAsked(false)} data-testid="pos-cancel-no">
                {t("cancelNo")}
              </button>
            </div>
          )}
          <div className="pos-scan-row">
            <ScanField onScan={onCode} label={t("scanField")} testId="pos-scan" />
          </div>
          <table className="pos-table">
            <thead>
              <tr>
                <th>{t("item")}</th>
                <th>{t("unit")}</th>
                <th>{t("quantity")}</th>
                <th>{t("price")}</th>
                {canDiscount && <th>{t("discount")}</th>}
                <th>{t("total")}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {bill?.lines.map((l, i) => (
                <BillRow
                  key={l.state.id}
                  line={l}
                  index={i}
                  selected={i === selected}
                  canDiscount={canDiscount}
                  currencyId={systemCurrency}
                  onSelect={setSelected}
                  onChange={setLine}
                  onRemove={removeLine}
                />
              ))}
            </tbody>
          </table>
          {!lines.length && (
            <Center p="xl">
              <Text c="dimmed">{t("scanHint")}</Text>
            </Center>
          )}
        </section>

        <aside className="pos-side">
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t("customer")}
            </Text>
            <Text fw={600} data-testid="pos-customer">
              {names.party(customer?.consumer_name ?? s.walk_in_customer?.consumer_name ?? null) || t("walkIn")}
            </Text>
            <div className="pos-totals">
              <Row label={t("gross")} value={money(bill?.doc.gross ?? "0")} />
              <Row label={t("discount")} value={money(bill?.doc.discount ?? "0")} />
              <Row label={t("tax")} value={money(bill?.doc.tax ?? "0")} />
              <Row label={`${t("total")} IQD`} value={money(bill?.doc.total ?? "0")} big testId="pos-total" />
              <Row label={`${t("total")} USD`} value={formatAmount(bill?.total_usd ?? "0", 2)} testId="pos-total-usd" />
            </div>
            <KeyButton
              action="pay"
              label={t("pay")}
              size="lg"
              variant="filled"
              color="green"
              disabled={!bill}
              onClick={() => void act("pay")}
            />
            <KeyButton action="search" label={t("search")} onClick={() => void act("search")} />
            <KeyButton action="customer" label={t("customer")} onClick={() => void act("customer")} />
            <KeyButton action="hold" label={t("hold")} disabled={!lines.length} onClick={() => void act("hold")} />
            <KeyButton action="holds" label={t("holds", { count: holdCount })} onClick={() => void act("holds")} />
            <KeyButton action="returnBill" label={t("returnBill")} onClick={() => void act("returnBill")} />
            <KeyButton action="printLast" label={t("printLast")} onClick={() => void act("printLast")} />
            <KeyButton action="openDrawer" label={t("openDrawer")} onClick={() => void act("openDrawer")} />
            <KeyButton action="switchCashier" label={t("switchCashier")} onClick={() => void act("switchCashier")} />
            <KeyButton action="remove" label={t("remove")} disabled={!lines.length} onClick={() => void act("remove")} />
            <KeyButton action="cancel" label={t("cancel")} color="red" onClick={() => void act("cancel")} />
          </Stack>
        </aside>
      </main>

      <Suspense fallback={null}>
        {dialog && (
          <PosDialogs
            kind={dialog}
            close={() => setDialog(null)}
            index={index}
            session={s}
            lines={lines}
            customerId={customerId}
            queue={queue}
            onAdd={add}
            onCustomer={setCustomerId}
            onResume={(h) => {
              setLines(h.lines);
              setCustomerId(h.customer_id);
              void refreshHolds();
            }}
            onHeld={() => {
              clearBill();
              void refreshHolds();
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
          <PaymentDialog
            bill={bill}
            session={s}
            customer={customer && customer.consumer_id !== walkIn ? customer : null}
            onClose={() => setPaying(false)}
            onPaid={completeSale}
          />
        )}
      </Suspense>
      <Suspense fallback={null}>{printJob && <ReceiptPrint job={printJob} shop={systemConfig} />}</Suspense>
    </div>
  );
}

function Row({ label, value, big, testId }: { label: string; value: string; big?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size={big ? "lg" : "sm"}>{label}</Text>
      <Text size={big ? "xl" : "sm"} fw={big ? 700 : 500} dir="ltr" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}
