import { normalizeSearch, type PosItem } from "@app/contracts";
import { Badge, Button, Group, Stack, Text, UnstyledButton } from "@mantine/core";
import { lazy, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../../app/i18n";
import { useSession } from "../../app/session";
import { formatAmount } from "../../shared/amount";
import { useSeededLabels } from "../../shared/seededLabels";
import { findBarcode, searchItems } from "./catalogue";
import { HoldDialog, HoldsDialog } from "./HoldDialogs";
import { TextField } from "./PosFields";
import { PosModal } from "./PosModal";
import { queueStore } from "./posDb";
import type { PosDialogProps } from "./posDialogProps";
import type { QueuedSale } from "./queue";
import { choosePrinter, forgetPrinter, printerLabel, rememberedPrinter, type SerialPortLike, testPrint } from "./serialPrinter";
import { shopTime } from "./shopClock";
import { useListKeys } from "./useListKeys";

// The dialogs that need the server (a return looks its sale up; opening the drawer and switching
// cashier are the server's to record) load when first opened, not with the others that the till's
// first visit fetches at once so that it can sell offline (PosPage). The service worker keeps them
// too.
const ReturnDialog = lazy(async () => ({ default: (await import("./ReturnDialog")).ReturnDialog }));
const OpenDrawerDialog = lazy(async () => ({ default: (await import("./CashierDialogs")).OpenDrawerDialog }));
const SwitchCashierDialog = lazy(async () => ({ default: (await import("./CashierDialogs")).SwitchCashierDialog }));

// One chunk with the payment and the receipt: the till's first visit fetches it at once.
export { PaymentDialog } from "./PaymentDialog";
export { ReceiptPrint } from "./ReceiptPrint";

/** The till's dialogs; a chunk of their own, loaded with the screen on a first visit, else on the first one opened. */
export function PosDialogs(p: PosDialogProps) {
  switch (p.kind) {
    case "search":
      return <SearchDialog {...p} />;
    case "customer":
      return <CustomerDialog {...p} />;
    case "hold":
      return <HoldDialog {...p} />;
    case "holds":
      return <HoldsDialog {...p} />;
    case "queue":
      return <QueueDialog {...p} />;
    case "returnBill":
      return <ReturnDialog close={p.close} session={p.session} onReturned={p.refreshSession} />;
    case "openDrawer":
      return <OpenDrawerDialog close={p.close} />;
    case "switchCashier":
      return <SwitchCashierDialog close={p.close} session={p.session} onSwitched={p.refreshSession} />;
    case "printer":
      return <PrinterDialog close={p.close} />;
  }
}

/**
 * The receipt printer of this till (Web Serial): choose its port, forget it, print a test page.
 * The browser remembers the chosen port; receipts then print on it without the print dialog.
 */
function PrinterDialog({ close }: { close: () => void }) {
  const { t, i18n } = useTranslation("pos");
  const { systemConfig } = useSession();
  const [current, setCurrent] = useState<SerialPortLike | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    void rememberedPrinter().then(setCurrent);
  }, []);
  const run = async (action: () => Promise<string | null>) => {
    setMessage(null);
    try {
      setMessage(await action());
    } catch (err) {
      // Closing the browser's chooser without a port is no error.
      if (!(err instanceof DOMException && err.name === "NotFoundError")) setMessage(t("printer.failed", { error: String(err) }));
    }
  };
  return (
    <PosModal onClose={close} title={t("printer.title")}>
      <Stack>
        <Text size="sm">{t("printer.explain")}</Text>
        <Text fw={600} data-testid="pos-printer-current">
          {current ? t("printer.chosen", { port: printerLabel(current) }) : t("printer.none")}
        </Text>
        <Group>
          <Button
            data-autofocus
            data-testid="pos-printer-choose"
            onClick={() =>
              void run(async () => {
                setCurrent(await choosePrinter());
                return null;
              })
            }
          >
            {t("printer.choose")}
          </Button>
          <Button
            variant="default"
            disabled={!current}
            data-testid="pos-printer-test"
            onClick={() =>
              void run(async () =>
                (await testPrint({ shop: systemConfig.shop_name || t("title"), line: t("printer.testLine"), rtl: i18n.dir() === "rtl" }))
                  ? t("printer.testSent")
                  : t("printer.notOpen"),
              )
            }
          >
            {t("printer.test")}
          </Button>
          <Button
            variant="default"
            color="red"
            disabled={!current}
            data-testid="pos-printer-forget"
            onClick={() =>
              void run(async () => {
                await forgetPrinter();
                setCurrent(null);
                return null;
              })
            }
          >
            {t("printer.forget")}
          </Button>
        </Group>
        {message && (
          <Text size="sm" role="status" data-testid="pos-printer-message">
            {message}
          </Text>
        )}
      </Stack>
    </PosModal>
  );
}

function SearchDialog({ close, index, onAdd }: PosDialogProps) {
  const { t } = useTranslation("pos");
  const names = useSeededLabels();
  const [term, setTerm] = useState("");
  const results = searchItems(index, term);
  const defaultUnit = (i: PosItem) => i.units.find((u) => u.is_default) ?? i.units[0];
  const pick = (item: PosItem) => {
    const unit = defaultUnit(item);
    if (unit) onAdd(item, unit);
    close();
  };
  const keys = useListKeys(results, pick);
  return (
    <PosModal onClose={close} title={t("search")} size="lg">
      <TextField
        data-autofocus
        aria-label={t("search")}
        placeholder={t("searchHint")}
        value={term}
        onChange={(e) => {
          setTerm(e.currentTarget.value);
          keys.setAt(0);
        }}
        onKeyDown={(e) => {
          // A code typed or scanned into the field adds its item at once.
          const hit = e.key === "Enter" ? findBarcode(index, term) : null;
          if (hit) {
            onAdd(hit.item, hit.unit);
            close();
            e.preventDefault();
            return;
          }
          keys.onKeyDown(e);
        }}
        data-testid="pos-search-input"
      />
      <div className="pos-results">
        {results.map((item, i) => (
          <UnstyledButton
            key={item.item_id}
            className={i === keys.at ? "pos-result pos-selected" : "pos-result"}
            onClick={() => pick(item)}
            data-testid="pos-search-result"
          >
            <Group justify="space-between" wrap="nowrap">
              <Text>{item.item_name}</Text>
              <Text dir="ltr" c="dimmed">
                {formatAmount(defaultUnit(item)?.price ?? "0", 0)} · {names.unit(defaultUnit(item)?.unit_name)}
              </Text>
            </Group>
          </UnstyledButton>
        ))}
        {term && !results.length && <Text c="dimmed">{t("nothingFound")}</Text>}
      </div>
    </PosModal>
  );
}

function CustomerDialog({ close, index, onCustomer, session }: PosDialogProps) {
  const { t } = useTranslation("pos");
  const names = useSeededLabels();
  const [term, setTerm] = useState("");
  const words = normalizeSearch(term.trim()).split(/\s+/).filter(Boolean);
  const rows = index.meta.customers
    .filter((c) =>
      words.every((w) => c.search_name.includes(w) || (c.mobile ?? "").includes(w) || (c.code ?? "").toLowerCase().includes(w)),
    )
    .slice(0, 30);
  const pick = (id: number | null) => {
    onCustomer(id);
    close();
  };
  const keys = useListKeys(rows, (c) => pick(c.consumer_id));
  return (
    <PosModal onClose={close} title={t("customer")} size="lg">
      <TextField
        data-autofocus
        aria-label={t("customer")}
        placeholder={t("customerHint")}
        value={term}
        onChange={(e) => setTerm(e.currentTarget.value)}
        onKeyDown={keys.onKeyDown}
        data-testid="pos-customer-input"
      />
      <Button variant="subtle" mt="xs" onClick={() => pick(null)}>
        {names.party(session.walk_in_customer?.consumer_name) || t("walkIn")}
      </Button>
      <div className="pos-results">
        {rows.map((c, i) => (
          <UnstyledButton
            key={c.consumer_id}
            className={i === keys.at ? "pos-result pos-selected" : "pos-result"}
            onClick={() => pick(c.consumer_id)}
          >
            <Group justify="space-between">
              <Text>{names.party(c.consumer_name)}</Text>
              <Text dir="ltr" c="dimmed">
                {[c.code, c.mobile].filter(Boolean).join(" · ")}
              </Text>
            </Group>
          </UnstyledButton>
        ))}
      </div>
    </PosModal>
  );
}

function QueueDialog({ close, queue, onQueueChanged, flush }: PosDialogProps) {
  const { t } = useTranslation("pos");
  const zone = useSession().systemConfig.time_zone;
  const marks = { am: t("common:time.am"), pm: t("common:time.pm") };
  const acknowledge = async (s: QueuedSale) => {
    await queueStore.remove(s.key);
    await onQueueChanged();
  };
  return (
    <PosModal onClose={close} title={t("queue.title")} size="xl">
      <Stack>
        <Text size="sm" c="dimmed">
          {t("queue.explain")}
        </Text>
        <table className="pos-table pos-dialog-table" data-testid="pos-queue-table">
          <tbody>
            {queue.map((s) => (
              <tr key={s.key}>
                <td dir="ltr">{shopTime(s.made_at, zone, marks)}</td>
                <td>
                  <Badge color={s.state === "pending" ? "orange" : "red"}>{t(`queue.state.${s.state}`)}</Badge>
                </td>
                <td>{s.message ? translateMessage(s.message) : ""}</td>
                <td>
                  {s.state === "review" && (
                    <Button size="xs" variant="light" onClick={() => void acknowledge(s)}>
                      {t("queue.seen")}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {!queue.length && <Text>{t("queue.empty")}</Text>}
        <Group justify="flex-end">
          <Button onClick={() => void flush()} disabled={!queue.some((s) => s.state === "pending")} data-testid="pos-queue-send">
            {t("queue.sendNow")}
          </Button>
        </Group>
      </Stack>
    </PosModal>
  );
}
