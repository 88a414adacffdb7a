import { MSG, ZFinancialYear } from "@app/contracts";
import { Badge, Button, Group, SimpleGrid, Text, TextInput } from "@mantine/core";
import { IconArchive, IconCalendarStats, IconCircleCheck, IconPlus } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import dayjs from "dayjs";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session";
import { api } from "../../shared/api/client";
import { ENDPOINTS, type FinancialYearRow, financialYearsQuery } from "../../shared/api/settings";
import { businessNow } from "../../shared/businessTime";
import { useCrud } from "../../shared/crud";
import { type Column, DataTable } from "../../shared/DataTable";
import { DateField } from "../../shared/DateField";
import { AppDialog } from "../../shared/DialogHeader";
import { FormDialog } from "../../shared/FormDialog";
import { notifyError, notifySuccess } from "../../shared/notify";
import { PageHeader } from "../../shared/PageHeader";
import { useZodForm } from "../../shared/useZodForm";

function YearStatus({ row }: { row: FinancialYearRow }) {
  const { t } = useTranslation("settings");
  return (
    <Group gap={6}>
      {row.is_active && (
        <Badge color="teal" variant="filled" leftSection={<IconCircleCheck size={12} />}>
          {t("financialYear.active")}
        </Badge>
      )}
      {row.archived ? (
        <Badge color="orange" variant="light" leftSection={<IconArchive size={12} />}>
          {t("financialYear.archived")}
        </Badge>
      ) : (
        <Badge color="blue" variant="light">
          {t("financialYear.open")}
        </Badge>
      )}
    </Group>
  );
}

const confirmKey = (c: { row: FinancialYearRow; action: "activate" | "archive" }) =>
  c.action === "activate" ? "financialYear.makeActive" : c.row.archived ? "financialYear.reopen" : "financialYear.archive";

/** Financial years (SPEC §4): one is active; an archived year accepts no postings. */
export function FinancialYearPage() {
  const { t } = useTranslation("settings");
  const can = useCan();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [confirm, setConfirm] = useState<{ row: FinancialYearRow; action: "activate" | "archive" } | null>(null);

  const act = useMutation({
    mutationFn: ({ row, action }: { row: FinancialYearRow; action: "activate" | "archive" }) =>
      api<{ message?: string }>(`${ENDPOINTS.financialYears}/${row.id}/${action}`, {
        method: "POST",
        // Archiving an archived year opens it again.
        body: action === "archive" ? { archived: !row.archived } : {},
      }),
    onSuccess: (res) => {
      notifySuccess(res?.message ?? MSG.updated);
      setConfirm(null);
      // Every screen that shows the archived-year warning reads these.
      void queryClient.invalidateQueries({ queryKey: [ENDPOINTS.financialYears] });
    },
    onError: notifyError,
    meta: { silent: true },
  });

  const columns: Column<FinancialYearRow>[] = [
    { key: "id", label: "settings:fields.id" },
    { key: "name", label: "settings:fields.year_name" },
    { key: "start_date", label: "settings:fields.start_date", format: "date" },
    { key: "end_date", label: "settings:fields.end_date", format: "date" },
    { key: "is_active", label: "settings:fields.status", render: (r) => <YearStatus row={r} /> },
  ];

  return (
    <>
      <PageHeader title={t("financialYear.title")} description={t("financialYear.description")} />
      <DataTable<FinancialYearRow>
        endpoint={ENDPOINTS.financialYears}
        model="financial_years"
        title="settings:financialYear.title"
        columns={columns}
        rowKey={(r) => r.id}
        defaultSort="start_date"
        toolbar={
          can("financial_years/store") && (
            <Button data-list-add leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} data-testid="year-add">
              {t("financialYear.add")}
            </Button>
          )
        }
        actions={[
          {
            key: "activate",
            label: "settings:financialYear.makeActive",
            icon: IconCircleCheck,
            permission: "financial_years/activate",
            onClick: (row) => setConfirm({ row, action: "activate" }),
          },
          {
            key: "archive",
            label: "settings:financialYear.archiveOrReopen",
            icon: IconArchive,
            color: "orange",
            permission: "financial_years/archive",
            onClick: (row) => setConfirm({ row, action: "archive" }),
          },
        ]}
      />
      {adding && <YearForm onClose={() => setAdding(false)} />}
      <AppDialog
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        size="md"
        testId="year-confirm"
        title={confirm ? t(confirmKey(confirm)) : ""}
        icon={confirm?.action === "archive" ? <IconArchive size={18} /> : <IconCircleCheck size={18} />}
      >
        {confirm && (
          <>
            <Text p="lg">{t(`${confirmKey(confirm)}Question`, { name: confirm.row.name })}</Text>
            <Group justify="flex-end" px="lg" pb="lg">
              <Button variant="default" onClick={() => setConfirm(null)}>
                {t("common:cancel")}
              </Button>
              <Button
                color={confirm.action === "archive" ? "orange" : undefined}
                loading={act.isPending}
                onClick={() => act.mutate(confirm)}
                data-testid="year-confirm-yes"
              >
                {t(confirmKey(confirm))}
              </Button>
            </Group>
          </>
        )}
      </AppDialog>
    </>
  );
}

interface Values extends Record<string, unknown> {
  name: string;
  start_date: string;
  end_date: string;
}

/** The first calendar year from this one on that no stored year overlaps: what "Add" proposes. */
export function nextFreeYear(years: readonly { start_date: string; end_date: string }[], thisYear: number): number {
  let year = thisYear;
  const overlaps = (y: number) => years.some((r) => r.start_date.slice(0, 10) <= `${y}-12-31` && r.end_date.slice(0, 10) >= `${y}-01-01`);
  while (overlaps(year)) year++;
  return year;
}

function YearForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("settings");
  const years = useQuery(financialYearsQuery);
  const now = businessNow();
  const next = now.year(nextFreeYear(years.data ?? [], now.year())).startOf("year");
  const form = useZodForm<Values>({
    name: next.format("YYYY"),
    start_date: next.format("YYYY-MM-DD"),
    end_date: next.endOf("year").format("YYYY-MM-DD"),
  });
  const { create } = useCrud(ENDPOINTS.financialYears, { onInvalid: form.applyServerErrors });
  const proposed = next.format("YYYY");
  const { reset } = form;
  // The stored years arrive after the dialog opens: the proposal moves past them.
  useEffect(() => {
    if (years.data) {
      const start = dayjs(`${proposed}-01-01`);
      reset({ name: proposed, start_date: start.format("YYYY-MM-DD"), end_date: start.endOf("year").format("YYYY-MM-DD") });
    }
  }, [years.data, proposed, reset]);
  const submit = () => {
    const missing = (["name", "start_date", "end_date"] as const).filter((k) => form.values[k].trim() === "");
    if (missing.length) {
      form.setErrors(Object.fromEntries(missing.map((k) => [k, t("required")])));
      return;
    }
    if (form.validate(ZFinancialYear, form.values)) create.mutate(form.values, { onSuccess: onClose });
  };
  const date = (key: "start_date" | "end_date") => (
    <DateField
      label={t(`fields.${key}`)}
      withAsterisk
      value={form.values[key] || null}
      onChange={(v) => form.set(key, v ? dayjs(v).format("YYYY-MM-DD") : "")}
      error={form.error(key)}
      data-testid={`field-${key}`}
    />
  );
  return (
    <FormDialog
      title={t("financialYear.add")}
      icon={<IconCalendarStats size={20} />}
      onClose={onClose}
      size="lg"
      onSubmit={submit}
      saving={create.isPending}
      testId="year-form"
      saveTestId="year-save"
    >
      <TextInput label={t("fields.year_name")} withAsterisk {...form.text("name")} data-testid="field-name" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {date("start_date")}
        {date("end_date")}
      </SimpleGrid>
    </FormDialog>
  );
}
