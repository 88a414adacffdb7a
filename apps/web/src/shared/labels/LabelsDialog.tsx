import { CURRENCY_IQD, CURRENCY_USD } from "@app/contracts";
import { ActionIcon, Alert, Button, Checkbox, Group, NumberInput, ScrollArea, Select, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { IconBarcode, IconPrinter, IconTrash } from "@tabler/icons-react";
import { useQueries, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { useSession } from "../../app/session";
import { type ItemRecord, itemQuery } from "../api/catalogue";
import { lastRateQuery } from "../CurrencyPicker";
import { AppDialog } from "../DialogHeader";
import { ItemPicker } from "../documents/ItemPicker";
import { useFormat } from "../format";
import { convert } from "../money";
import { useSeededNames } from "../seededNames";
import { type LabelContent, LabelPages } from "./LabelPages";
import {
  LABEL_LAYOUT_KEYS,
  LABEL_LAYOUTS,
  LABEL_PRICES,
  type LabelLayoutKey,
  type LabelPrice,
  labelCount,
  MAX_LABELS,
  pagesOf,
} from "./layouts";
import "./labels.css";

/** What a screen asks labels for: an item, its unit (none: the item's default unit), how many, and a batch's expiry. */
export interface LabelRequest {
  item_id: number;
  /** The unit whose barcode and price the label carries; "base" for counts in base units (stock on hand). */
  unit?: number | "base" | null;
  quantity: number;
  expire_date?: string | null;
}

interface Line extends LabelRequest {
  key: number;
  /** As typed. */
  count: string;
}

const LAYOUT_KEPT = "labels-layout";
const PRICE_KEPT = "labels-price";
const kept = <T extends string>(key: string, options: readonly T[], fallback: T): T => {
  const v = localStorage.getItem(key);
  return options.find((o) => o === v) ?? fallback;
};
/** The pages the preview draws (a roll's are small, a sheet's are A4); the print has them all. */
const previewPages = (layout: LabelLayoutKey) => (LABEL_LAYOUTS[layout].kind === "roll" ? 24 : 2);

const unitOf = (item: ItemRecord | undefined, unit: LabelRequest["unit"]) => {
  const units = item?.item_units ?? [];
  if (unit === "base") return units.find((u) => u.is_base) ?? units[0];
  return units.find((u) => u.unit_fk === unit) ?? units.find((u) => u.is_default) ?? units.find((u) => u.is_base) ?? units[0];
};

/**
 * The barcode labels of items (from the items list, a purchase or the stock on hand): the stock to
 * print on (a 38 × 25 or 50 × 30 mm roll, an A4 sheet of 3 × 8 or 4 × 10), the price in IQD, USD
 * or both, the expiry, how many of each; a preview of the pages, and the browser's print of the
 * same pages on the stock's own page size.
 */
export function LabelsDialog({ initial, onClose, canAdd = false }: { initial: LabelRequest[]; onClose: () => void; canAdd?: boolean }) {
  const { t, i18n } = useTranslation("labels");
  const fmt = useFormat();
  const names = useSeededNames();
  const { systemConfig } = useSession();
  const [lines, setLines] = useState<Line[]>(() => initial.map((r, i) => ({ ...r, key: i, count: String(labelCount(r.quantity)) })));
  const [layout, setLayoutState] = useState<LabelLayoutKey>(() => kept(LAYOUT_KEPT, LABEL_LAYOUT_KEYS, "roll-50x30"));
  const [price, setPriceState] = useState<LabelPrice>(() => kept(PRICE_KEPT, LABEL_PRICES, "IQD"));
  const hasExpiry = lines.some((l) => l.expire_date);
  const [withExpiry, setWithExpiry] = useState(true);
  // The places of a sheet used before, left empty at the start of the first sheet.
  const [skip, setSkip] = useState(0);
  const sheet = LABEL_LAYOUTS[layout].kind === "sheet";
  const perSheet = LABEL_LAYOUTS[layout].cols * LABEL_LAYOUTS[layout].rows;
  const skipped = sheet ? Math.min(skip, perSheet - 1) : 0;
  const setLayout = (v: LabelLayoutKey) => {
    localStorage.setItem(LAYOUT_KEPT, v);
    setLayoutState(v);
  };
  const setPrice = (v: LabelPrice) => {
    localStorage.setItem(PRICE_KEPT, v);
    setPriceState(v);
  };

  const ids = [...new Set(lines.map((l) => l.item_id))];
  const items = useQueries({ queries: ids.map((id) => itemQuery(id)) });
  const byId = new Map(items.flatMap((q) => (q.data ? [[q.data.item_id, q.data] as const] : [])));
  const loading = items.some((q) => q.isPending);
  const rate = useQuery(lastRateQuery);
  const inRate = rate.data?.in_rate || rate.data?.rate || "";

  const system = systemConfig.currency_fk;
  const priceIn = (amount: string, currency: number) => {
    const v = convert(amount, system, currency, inRate);
    // Figures isolated: "5,500" keeps its order beside a right-to-left currency name.
    return `\u2066${fmt.money(v, currency)}\u2069 ${t(`currency.${currency === CURRENCY_USD ? "USD" : "IQD"}`)}`;
  };
  const currencies = (): number[] => {
    if (price === "none") return [];
    if (price === "both") return [CURRENCY_IQD, CURRENCY_USD];
    // The other currency's price needs today's rate.
    const wanted = price === "USD" ? CURRENCY_USD : CURRENCY_IQD;
    return [wanted];
  };
  const needsRate = currencies().some((c) => c !== system);
  const rateMissing = needsRate && !Number(inRate);

  const total = lines.reduce((n, l) => n + labelCount(l.count), 0);
  const labels: LabelContent[] = [];
  if (total <= MAX_LABELS)
    for (const l of lines) {
      const item = byId.get(l.item_id);
      if (!item) continue;
      const unit = unitOf(item, l.unit);
      const barcode = unit?.barcode || (unit?.is_base ? item.barcodes?.[0] : undefined) || null;
      const prices = unit && !rateMissing ? currencies().map((c) => priceIn(unit.price, c)) : [];
      const expiry = withExpiry && l.expire_date ? `${t("expiryShort")} \u2066${fmt.date(l.expire_date)}\u2069` : null;
      for (let n = 0; n < labelCount(l.count); n++) labels.push({ key: `${l.key}-${n}`, name: item.item_name, barcode, prices, expiry });
    }
  const pages = pagesOf(labels, LABEL_LAYOUTS[layout], skipped);

  const setCount = (key: number, count: string) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, count } : l)));
  const setUnit = (key: number, unit: number) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, unit } : l)));
  const remove = (key: number) => setLines((ls) => ls.filter((l) => l.key !== key));
  const add = (item_id: number, unit: number | null) =>
    setLines((ls) => [...ls, { key: Math.max(-1, ...ls.map((l) => l.key)) + 1, item_id, unit, quantity: 1, count: "1" }]);

  return (
    <AppDialog onClose={onClose} size="min(1100px, 96vw)" testId="labels-dialog" title={t("title")} icon={<IconBarcode size={20} />}>
      <Stack p="lg" gap="md">
        <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="md">
          <Select
            label={t("layout")}
            data={LABEL_LAYOUT_KEYS.map((k) => ({ value: k, label: t(`layouts.${k}`) }))}
            value={layout}
            onChange={(v) => v && setLayout(v as LabelLayoutKey)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="labels-layout"
          />
          <Select
            label={t("price")}
            data={LABEL_PRICES.map((k) => ({ value: k, label: t(`prices.${k}`) }))}
            value={price}
            onChange={(v) => v && setPrice(v as LabelPrice)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="labels-price"
          />
          <NumberInput
            label={t("skip")}
            min={0}
            max={perSheet - 1}
            allowDecimal={false}
            allowNegative={false}
            disabled={!sheet}
            value={sheet ? skipped : 0}
            onChange={(v) => setSkip(Math.max(0, Math.floor(Number(v) || 0)))}
            data-testid="labels-skip"
          />
          <Checkbox
            mt="xl"
            label={t("showExpiry")}
            checked={withExpiry && hasExpiry}
            disabled={!hasExpiry}
            onChange={(e) => setWithExpiry(e.currentTarget.checked)}
            data-testid="labels-expiry"
          />
        </SimpleGrid>
        {canAdd && (
          <ItemPicker
            value={null}
            label={t("addItem")}
            onChange={(item, unit) => item && add(item.item_id, unit ?? null)}
            testId="labels-add"
          />
        )}
        <ScrollArea.Autosize mah={220}>
          <Table withTableBorder striped data-testid="labels-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("fields.item")}</Table.Th>
                <Table.Th>{t("fields.unit")}</Table.Th>
                <Table.Th>{t("fields.barcode")}</Table.Th>
                <Table.Th>{t("fields.expire_date")}</Table.Th>
                <Table.Th>{t("fields.count")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((l) => {
                const item = byId.get(l.item_id);
                const unit = unitOf(item, l.unit);
                const barcode = unit?.barcode || (unit?.is_base ? item?.barcodes?.[0] : undefined);
                return (
                  <Table.Tr key={l.key} data-testid="labels-line">
                    <Table.Td>
                      <bdi>{item?.item_name ?? "…"}</bdi>
                    </Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={t("fields.unit")}
                        size="xs"
                        data={(item?.item_units ?? []).map((u) => ({ value: String(u.unit_fk), label: names.unit(u.unit_name ?? "") }))}
                        value={unit ? String(unit.unit_fk) : null}
                        onChange={(v) => v && setUnit(l.key, Number(v))}
                        allowDeselect={false}
                        comboboxProps={{ withinPortal: true }}
                        w={130}
                      />
                    </Table.Td>
                    <Table.Td>
                      {barcode ? (
                        <span dir="ltr" className="barcode-text">
                          {barcode}
                        </span>
                      ) : (
                        <Text size="sm" c="orange">
                          {t("noBarcode")}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{l.expire_date ? fmt.date(l.expire_date) : ""}</Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={t("fields.count")}
                        size="xs"
                        w={90}
                        min={0}
                        max={MAX_LABELS}
                        allowDecimal={false}
                        allowNegative={false}
                        value={l.count}
                        onChange={(v) => setCount(l.key, String(v))}
                        data-testid="labels-count"
                      />
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon variant="subtle" color="red" aria-label={t("common:delete")} onClick={() => remove(l.key)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          {lines.length === 0 && (
            <Text c="dimmed" size="sm" p="sm">
              {t("empty")}
            </Text>
          )}
        </ScrollArea.Autosize>
        {total > MAX_LABELS && (
          <Alert color="red" data-testid="labels-too-many">
            {t("tooMany", { max: fmt.amount(MAX_LABELS) })}
          </Alert>
        )}
        {rateMissing && (
          <Alert color="orange" data-testid="labels-no-rate">
            {t("noRate")}
          </Alert>
        )}
        <ScrollArea.Autosize mah="48vh">
          <div className="labels-preview" data-testid="labels-preview">
            <LabelPages labels={labels.slice(0, previewPages(layout) * perSheet - skipped)} layoutKey={layout} skip={skipped} />
          </div>
        </ScrollArea.Autosize>
        <Group justify="space-between">
          <Text size="sm" data-testid="labels-total">
            {t("total", { labels: fmt.amount(labels.length), pages: fmt.amount(pages.length) })}
            {pages.length > previewPages(layout) && ` ${t("previewShows", { count: previewPages(layout) })}`}
          </Text>
          <Group>
            <Button variant="default" onClick={onClose}>
              {t("common:close")}
            </Button>
            <Button
              leftSection={<IconPrinter size={16} />}
              disabled={labels.length === 0 || loading}
              onClick={() => window.print()}
              data-testid="labels-print"
            >
              {t("common:print")}
            </Button>
          </Group>
        </Group>
      </Stack>
      {createPortal(
        <div className="labels-print" dir={i18n.dir()} lang={i18n.language} data-testid="labels-print-pages">
          <LabelPages labels={labels} layoutKey={layout} skip={skipped} />
        </div>,
        document.body,
      )}
    </AppDialog>
  );
}
