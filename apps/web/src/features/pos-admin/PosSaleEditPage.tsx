import { ZPosSaleEdit } from "@app/contracts";
import { D } from "@app/contracts/money";
import { Alert, Button, Group, Paper, Stack, Textarea } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { PageLoader } from "../../app/LoadingScreen";
import { api } from "../../shared/api/client";
import { CustomerSelect } from "../../shared/documents/CustomerSelect";
import { DocSheet } from "../../shared/documents/DocSheet";
import { routeId, shown } from "../../shared/documents/routeParams";
import { notifyError, notifySuccess } from "../../shared/notify";
import { PageHeader } from "../../shared/PageHeader";
import { useSeededNames } from "../../shared/seededNames";
import { useZodForm } from "../../shared/useZodForm";
import { usePosSaleSheet } from "./PosSaleViewPage";
import { PATHS, POS_SALES, posSaleQuery } from "./posAdmin.queries";

/**
 * Edit of a POS sale (SPEC §2 `/sales/pos-sales/edit/{id}/{newTab}`): its customer (unless money
 * is owed on it) and its note while the drawer is open; the goods and the money were settled at
 * the till, and a closed drawer refuses edits.
 */
export function PosSaleEditPage() {
  const { t } = useTranslation("posadmin");
  const params = useParams();
  const id = routeId(params.id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sheetOf = usePosSaleSheet();
  const doc = useQuery(posSaleQuery(id));
  const names = useSeededNames();
  const form = useZodForm({ customer: "", note: "" });
  const { reset } = form;
  const note = doc.data?.note ?? "";
  const customer = doc.data ? String(doc.data.consumer_fk) : "";
  useEffect(() => reset({ customer, note }), [customer, note, reset]);
  const save = useMutation({
    mutationFn: (body: unknown) => api<{ message: string }>(`${POS_SALES}/${id}`, { method: "PATCH", body }),
    onSuccess: (res) => {
      notifySuccess(res.message);
      void queryClient.invalidateQueries({ queryKey: [POS_SALES] });
      void navigate(PATHS.saleView(id));
    },
    onError: (err) => {
      if (!form.applyServerErrors(err)) notifyError(err);
    },
    meta: { silent: true },
  });
  if (doc.isPending) return <PageLoader />;
  const s = doc.data;
  if (!s) return <Alert color="red">{t("notFound")}</Alert>;
  const submit = () => {
    const body = form.validate(ZPosSaleEdit, {
      customer_fk: form.values.customer ? Number(form.values.customer) : null,
      note: form.values.note || null,
    });
    if (body) save.mutate(body);
  };
  return (
    <>
      <PageHeader title={`${t("sales.edit")} ${s.number ?? ""}`} />
      <Stack>
        {s.closing_fk ? (
          <Alert color="orange" data-testid="pos-sale-closed">
            {shown("The drawer of this sale is closed; it can no longer be changed.")}
          </Alert>
        ) : (
          <Paper withBorder p="md">
            <Stack>
              {/* Owed on account, the sale stays the customer's: their debt was booked at the till. */}
              <CustomerSelect
                label={t("fields.customer")}
                value={form.values.customer}
                onChange={(v) => form.set("customer", v)}
                error={form.error("customer_fk")}
                fixed={D(s.remaining).gt(0) ? names.party(s.consumer_name) : undefined}
                testId="pos-sale-customer"
              />
              <Textarea label={t("fields.note")} autosize minRows={2} data-autofocus {...form.text("note")} />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => void navigate(PATHS.sales)}>
                  {t("actions.back")}
                </Button>
                <Button onClick={submit} loading={save.isPending} data-testid="pos-sale-save">
                  {t("actions.save")}
                </Button>
              </Group>
            </Stack>
          </Paper>
        )}
        <DocSheet sheet={sheetOf(s)} testId="pos-sale-sheet" />
      </Stack>
    </>
  );
}
