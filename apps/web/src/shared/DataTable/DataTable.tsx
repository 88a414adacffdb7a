import type { PermissionRequirement } from "@app/contracts";
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  Menu,
  Paper,
  Select,
  Skeleton,
  Table,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import {
  type Icon,
  IconAdjustmentsHorizontal,
  IconArrowDown,
  IconArrowsSort,
  IconArrowUp,
  IconColumns3,
  IconDotsVertical,
  IconFileSpreadsheet,
  IconPrinter,
  IconSearch,
} from "@tabler/icons-react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan, usePageSizes } from "../../app/session";
import { api, type Query } from "../api/client";
import type { DataBody, ListBody } from "../api/types";
import { ConfirmAction } from "../ConfirmDialog";
import { ExportDialog } from "../ExportDialog";
import { type CurrencyRef, useFormat, type ValueFormat } from "../format";
import { isLtrField } from "../ltr";
import { notifyError } from "../notify";
import { usePrint } from "../usePrint";
import { AdvancedSearch, type FilterField } from "./AdvancedSearch";
import { listKey, listPageQuery, SEARCH_DEBOUNCE_MS, toApiQuery, useListState, wasPreloaded } from "./listState";
import { Pager } from "./Pager";

/**
 * Over 500 lines: the one table every list screen shows (search, filters, sort, columns, paging,
 * export, print, row actions), one component whose parts share its state; its logic, filters,
 * pager and list state are files of their own beside it.
 */

export interface Column<Row> {
  /** Row field, sort column and export key. */
  key: string & keyof Row;
  /** i18n key of the header. */
  label: string;
  format?: ValueFormat;
  /**
   * An amount column's currency for a row (its id or name): the amount then shows as money in it,
   * dollars with cents and dinars to the "IQD decimals shown" setting. Exports keep the exact value.
   */
  currency?: (row: Row) => CurrencyRef;
  /** The cell's text (shown and printed) instead of the field's value, e.g. a translated seeded name. */
  text?: (row: Row) => string;
  /** Custom cell; print uses the formatted value (or `text`), export the field's value. */
  render?: (row: Row) => ReactNode;
  /** Shown initially; the user's choice is then kept per model. */
  hideable?: boolean;
  /**
   * The footer cell's text from the list's footer sums, for a column whose total is not one sum
   * of its own (amounts in several currencies total per currency).
   */
  footer?: (sums: Record<string, string>) => string;
}

export interface RowAction<Row> {
  key: string;
  /** i18n key of the label. */
  label: string;
  icon: Icon;
  permission?: PermissionRequirement;
  color?: string;
  onClick: (row: Row) => void;
  /** Whether the row's state allows it (a draft is completed, a complete one returned to draft); always unless said. */
  when?: (row: Row) => boolean;
  /**
   * An action that posts (complete, send, receive, approve) asks first: the name of the row the
   * question names ("Complete: "PUR-000012"?"), the action's label being the verb.
   */
  confirm?: (row: Row) => string;
}

export interface DataTableProps<Row> {
  /** The list endpoint (SPEC §7), e.g. "users". */
  endpoint: string;
  /** The model whose hidden columns are remembered, e.g. "users". */
  model: string;
  /** i18n key of the table's title (print and export file). */
  title: string;
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
  actions?: RowAction<Row>[];
  filters?: FilterField[];
  dateFilter?: boolean;
  amountFilter?: boolean;
  defaultSort?: string;
  /** The first order's direction when the address names none (descending unless said). */
  defaultDir?: "asc" | "desc";
  /** Buttons beside the search, such as "Add". */
  toolbar?: ReactNode;
  /**
   * The page's own query values, such as a report's period and currency that the page keeps in
   * the address: sent with every request and export, and kept out of the advanced search.
   */
  query?: Query;
  /** What the page's own pickers chose (an item, an inventory), as printed lines under the title. */
  printLines?: string[];
  /** A click on a row (not on its actions) opens it: the document's view. */
  onRowClick?: (row: Row) => void;
}

export { listKey };

/** A cell's plain text reads in the direction of its own first letter ("Zagros Trading Co.", not ".Zagros Trading Co"). */
const ownDirection = (cell: ReactNode): ReactNode => (typeof cell === "string" && cell ? <span dir="auto">{cell}</span> : cell);

const hiddenColumnsKey = (model: string) => ["model_hidden_columns", model] as const;

/** The one list widget every list screen uses (SPEC §2 "List screens"). */
export function DataTable<Row extends object>(props: DataTableProps<Row>) {
  const { endpoint, model, title, columns, rowKey, actions = [], filters = [], dateFilter = false, amountFilter = false } = props;
  const { t } = useTranslation("table");
  const fmt = useFormat();
  const can = useCan();
  const queryClient = useQueryClient();
  const { sizes, initial } = usePageSizes();
  const defaults = useMemo(
    () => ({ perPage: initial, sortColumn: props.defaultSort ?? null, sortDir: props.defaultDir }),
    [initial, props.defaultSort, props.defaultDir],
  );
  const ownKeys = Object.keys(props.query ?? {}).join("\n");
  const owned = useMemo(() => new Set(ownKeys.split("\n").filter(Boolean)), [ownKeys]);
  const { state, update } = useListState(defaults, owned);
  const [searchText, setSearchText] = useState(state.search);
  const [advancedOpen, setAdvancedOpen] = useState(Object.keys(state.filters).length > 0);
  const [exportOpen, setExportOpen] = useState(false);
  const [printing, setPrinting] = useState(false);
  const { print, describe } = usePrint();

  // Back/forward (or a scan) changes the address; the box follows it. The box's own debounced
  // search coming back through the address is not applied again: keys typed meanwhile (a scanner
  // on a busy terminal) would be overwritten by the older text.
  const ownSearch = useRef(state.search);
  useEffect(() => {
    if (state.search === ownSearch.current) return;
    ownSearch.current = state.search;
    setSearchText(state.search);
  }, [state.search]);
  const pushSearch = useDebouncedCallback((v: string) => {
    ownSearch.current = v;
    update({ search: v }, { replace: true });
  }, SEARCH_DEBOUNCE_MS);

  const query = { ...toApiQuery(state, { paged: true }), ...props.query };
  const list = useQuery({
    ...listPageQuery<Row>(endpoint, query),
    placeholderData: keepPreviousData,
    // The first page a page load asked for with the screen's code (app/boot.ts) is not asked again.
    refetchOnMount: (q) => !wasPreloaded(q.queryHash),
  });

  const hidden = useQuery({
    queryKey: hiddenColumnsKey(model),
    queryFn: async () =>
      (await api<DataBody<{ model: string; columns: string }>>("model_hidden_columns", { query: { model } })).data.columns,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });
  const hiddenSet = useMemo(
    () => new Set((hidden.data ?? list.data?.hidden_columns ?? "").split(",").filter(Boolean)),
    [hidden.data, list.data],
  );
  const saveHidden = useMutation({
    mutationFn: (cols: string) => api("model_hidden_columns", { method: "POST", body: { model, columns: cols } }),
  });
  const toggleColumn = (key: string) => {
    const next = new Set(hiddenSet);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    const value = [...next].join(",");
    queryClient.setQueryData(hiddenColumnsKey(model), value);
    saveHidden.mutate(value);
  };

  const visible = columns.filter((c) => !hiddenSet.has(c.key));
  const allowedActions = actions.filter((a) => can(a.permission));
  const [asking, setAsking] = useState<{ action: RowAction<Row>; row: Row } | null>(null);
  const runAction = (a: RowAction<Row>, row: Row) => (a.confirm ? setAsking({ action: a, row }) : a.onClick(row));
  const { onRowClick } = props;
  const rows = list.data?.data ?? [];
  const footer = list.data?.footer ?? {};
  const hasFooter = visible.some((c) => c.footer || footer[c.key] !== undefined);
  /** A column's footer sum as its cells show: money in the system currency as money, any other as an amount. */
  const sumText = (c: Column<Row>, v: string | undefined) => (c.format === "money" ? fmt.sysMoney(v) : fmt.amount(v));
  const footerText = (c: Column<Row>, i: number) => {
    if (c.footer) return list.data ? c.footer(footer) : "";
    return footer[c.key] !== undefined ? sumText(c, footer[c.key]) : i === 0 ? t("total") : "";
  };
  const total = list.data?.total ?? 0;
  const from = total === 0 ? 0 : (state.page - 1) * state.perPage + 1;
  const to = Math.min(total, state.page * state.perPage);

  // The list's model declares what may be sorted; the table offers exactly that.
  const sortable = useMemo(() => new Set(list.data?.sortable ?? []), [list.data]);
  // A sort the model does not offer (an old bookmark, an edited address) was answered in the
  // default order: the address follows, so it shows what the table shows.
  useEffect(() => {
    if (list.data && state.sortColumn && !list.data.sortable.includes(state.sortColumn) && !list.isPlaceholderData)
      update({ sortColumn: null }, { replace: true });
  }, [list.data, list.isPlaceholderData, state.sortColumn, update]);

  /** Amounts, rates and percents: a negative one keeps its minus in front inside a right-to-left table. */
  const numeric = (c: Column<Row>) => c.format === "amount" || c.format === "money" || c.format === "rate" || c.format === "percent";
  const cellText = (row: Row, c: Column<Row>) => {
    if (c.text) return c.text(row);
    const v = (row as Record<string, unknown>)[c.key];
    if (c.currency && c.format === "amount" && (typeof v === "string" || typeof v === "number")) return fmt.money(v, c.currency(row));
    return fmt.value(v, c.format);
  };
  const sortBy = (c: Column<Row>) => {
    if (!sortable.has(c.key)) return;
    if (state.sortColumn === c.key) update({ sortDir: state.sortDir === "desc" ? "asc" : "desc" });
    else update({ sortColumn: c.key, sortDir: "desc" });
  };
  const sortIcon = (c: Column<Row>) => {
    if (state.sortColumn !== c.key) return <IconArrowsSort size={14} opacity={0.4} />;
    return state.sortDir === "desc" ? <IconArrowDown size={14} /> : <IconArrowUp size={14} />;
  };

  // Every row of the current search, filters and sort, not just the page on screen.
  const onPrint = async () => {
    setPrinting(true);
    try {
      const all = (
        await api<ListBody<Row>>(endpoint, { query: { ...toApiQuery(state, { paged: false }), ...props.query, is_paginated: 0 } })
      ).data;
      const sums = all.footer ?? {};
      const printFooter = visible.some((c) => c.footer || sums[c.key] !== undefined);
      print({
        title: t(title),
        lines: [...(props.printLines ?? []), ...describe({ ...toApiQuery(state, { paged: false }), ...props.query }, filters)],
        headers: visible.map((c) => t(c.label)),
        numeric: visible.map(numeric),
        ltr: visible.map((c) => isLtrField(c.key)),
        rows: all.data.map((r) => visible.map((c) => cellText(r, c))),
        footer: printFooter
          ? visible.map((c, i) =>
              c.footer ? c.footer(sums) : sums[c.key] !== undefined ? sumText(c, sums[c.key]) : i === 0 ? t("total") : "",
            )
          : undefined,
      });
    } catch (err) {
      notifyError(err);
    } finally {
      setPrinting(false);
    }
  };

  const colSpan = visible.length + (allowedActions.length ? 1 : 0);

  return (
    <Paper withBorder radius="md" p={0} data-testid={`table-${model}`}>
      <Group justify="space-between" p="md" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ flex: 1 }}>
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t("search")}
            value={searchText}
            onChange={(e) => {
              setSearchText(e.currentTarget.value);
              pushSearch(e.currentTarget.value);
            }}
            aria-label={t("search")}
            maw={320}
            style={{ flex: 1 }}
            data-testid="table-search"
          />
          <Tooltip label={t("advancedSearch")}>
            <ActionIcon
              variant={advancedOpen ? "light" : "default"}
              size="lg"
              onClick={() => setAdvancedOpen((o) => !o)}
              aria-label={t("advancedSearch")}
              data-testid="advanced-toggle"
            >
              <IconAdjustmentsHorizontal size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Group gap="xs">
          <Menu closeOnItemClick={false} position="bottom-end" withinPortal>
            <Menu.Target>
              <Tooltip label={t("columns")}>
                <ActionIcon variant="default" size="lg" aria-label={t("columns")} data-testid="columns-menu">
                  <IconColumns3 size={18} />
                </ActionIcon>
              </Tooltip>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{t("showColumns")}</Menu.Label>
              {columns
                .filter((c) => c.hideable !== false)
                .map((c) => (
                  <Menu.Item key={c.key} onClick={() => toggleColumn(c.key)} data-testid={`column-toggle-${c.key}`}>
                    <Checkbox size="xs" readOnly checked={!hiddenSet.has(c.key)} label={t(c.label)} tabIndex={-1} />
                  </Menu.Item>
                ))}
            </Menu.Dropdown>
          </Menu>
          <Tooltip label={t("print")}>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => void onPrint()}
              loading={printing}
              aria-label={t("print")}
              data-testid="table-print"
            >
              <IconPrinter size={18} />
            </ActionIcon>
          </Tooltip>
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} />}
            onClick={() => setExportOpen(true)}
            data-testid="export-open"
          >
            {t("exportExcel")}
          </Button>
          {props.toolbar}
        </Group>
      </Group>

      {advancedOpen && (
        <Box px="md" pb="md">
          <AdvancedSearch
            fields={filters}
            dateFilter={dateFilter}
            amountFilter={amountFilter}
            value={state.filters}
            onApply={(f) => update({ filters: f })}
          />
        </Box>
      )}

      <div
        className="loading-bar"
        style={{ visibility: list.isFetching ? "visible" : "hidden" }}
        data-active={list.isFetching || undefined}
        data-testid={list.isFetching ? "table-loading" : undefined}
      />

      {/* A table wider than the screen scrolls, its scrollbar shown (not only on hover), so that no
          column looks cut off: keyboard users reach the scrolling with Tab. */}
      <Table.ScrollContainer minWidth={640} scrollAreaProps={{ type: "auto", viewportProps: { tabIndex: 0 } }}>
        <Table className="data-table" striped highlightOnHover verticalSpacing="sm" horizontalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              {visible.map((c) => (
                <Table.Th key={c.key} data-sortable={sortable.has(c.key)} data-column={c.key}>
                  {!sortable.has(c.key) ? (
                    t(c.label)
                  ) : (
                    <UnstyledButton onClick={() => sortBy(c)} fw={600} fz="sm" data-testid={`sort-${c.key}`}>
                      <Group gap={4} wrap="nowrap">
                        {t(c.label)}
                        {sortIcon(c)}
                      </Group>
                    </UnstyledButton>
                  )}
                </Table.Th>
              ))}
              {allowedActions.length > 0 && <Table.Th w={60} className="actions-cell" aria-label={t("actions")} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.isPending &&
              Array.from({ length: 5 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                <Table.Tr key={i}>
                  <Table.Td colSpan={colSpan}>
                    <Skeleton h={14} />
                  </Table.Td>
                </Table.Tr>
              ))}
            {!list.isPending && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={colSpan}>
                  <Text ta="center" c="dimmed" py="xl" data-testid="table-empty">
                    {t("messages:noResults")}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((row) => (
              <Table.Tr
                key={rowKey(row)}
                data-testid="table-row"
                className={onRowClick ? "clickable-row" : undefined}
                onClick={
                  onRowClick &&
                  ((e) => {
                    // The row's menu, links and buttons keep their own clicks.
                    if ((e.target as Element).closest("button, a, input, [role=menu], .actions-cell")) return;
                    onRowClick(row);
                  })
                }
              >
                {visible.map((c) => (
                  <Table.Td key={c.key} data-column={c.key}>
                    {c.render ? (
                      ownDirection(c.render(row))
                    ) : isLtrField(c.key) || numeric(c) ? (
                      // Mobiles, codes, e-mails and amounts read left to right inside a right-to-left table.
                      <span dir="ltr">{cellText(row, c)}</span>
                    ) : (
                      // A name reads as its own letters say: "Zagros Trading Co." keeps its full stop at the end.
                      <span dir="auto">{cellText(row, c)}</span>
                    )}
                  </Table.Td>
                ))}
                {allowedActions.length > 0 && (
                  <Table.Td className="actions-cell">
                    <RowMenu row={row} actions={allowedActions.filter((a) => !a.when || a.when(row))} onAction={runAction} />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
          {hasFooter && (
            <Table.Tfoot>
              <Table.Tr>
                {visible.map((c, i) => (
                  <Table.Td key={c.key} data-testid={`footer-${c.key}`}>
                    {footerText(c, i)}
                  </Table.Td>
                ))}
                {allowedActions.length > 0 && <Table.Td />}
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </Table.ScrollContainer>

      <Group justify="space-between" p="md" gap="sm">
        <Group gap="sm">
          <Select
            size="xs"
            w={86}
            data={sizes.map(String)}
            value={String(state.perPage)}
            onChange={(v) => v && update({ perPage: Number(v) })}
            allowDeselect={false}
            aria-label={t("perPage")}
            data-testid="per-page"
          />
          <Text size="sm" c="dimmed" data-testid="table-range">
            {t(list.data?.total_estimated ? "rangeAbout" : "range", { from, to, total })}
          </Text>
        </Group>
        <Pager page={state.page} lastPage={list.data?.last_page ?? 1} onChange={(p) => update({ page: p })} />
      </Group>

      <ExportDialog
        opened={exportOpen}
        onClose={() => setExportOpen(false)}
        endpoint={endpoint}
        query={{ ...toApiQuery(state, { paged: false }), ...props.query }}
        headers={columns.map((c) => ({ key: c.key, label: t(c.label) }))}
        initiallyChosen={visible.map((c) => c.key)}
        fileName={t(title)}
      />
      {asking && (
        <ConfirmAction
          action={t(asking.action.label)}
          name={asking.action.confirm?.(asking.row) ?? ""}
          color={asking.action.color}
          onClose={() => setAsking(null)}
          onConfirm={() => {
            setAsking(null);
            asking.action.onClick(asking.row);
          }}
        />
      )}
    </Paper>
  );
}

/** A row's menu: only the actions its state allows (none: no menu). */
function RowMenu<Row>({
  row,
  actions,
  onAction,
}: {
  row: Row;
  actions: RowAction<Row>[];
  onAction: (a: RowAction<Row>, row: Row) => void;
}) {
  const { t } = useTranslation("table");
  if (!actions.length) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t("actions")} data-testid="row-actions">
          <IconDotsVertical size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((a) => (
          <Menu.Item
            key={a.key}
            color={a.color}
            leftSection={<a.icon size={16} />}
            onClick={() => onAction(a, row)}
            data-testid={`row-action-${a.key}`}
          >
            {t(a.label)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** A coloured badge for status-like cells. */
export function StatusBadge({ value, colors }: { value: string; colors: Record<string, string> }) {
  const { t } = useTranslation("common");
  return (
    <Badge variant="light" color={colors[value] ?? "gray"}>
      {t(`status.${value}`, { defaultValue: value })}
    </Badge>
  );
}
