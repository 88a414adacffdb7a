import { Badge, Group } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../api/client";
import { useInvalidateLedger } from "../api/ledger";
import { notifyError, notifySuccess } from "../notify";

export type DocAction = "complete" | "return_to_draft" | "close" | "open";

/** Where each kind of document keeps the words that confirm its state changes. */
export type DocActionMessages = "purchases:done" | "purchases:returnDone" | "salesdocs:done" | "salereturns:done";

/**
 * `POST {endpoint}/{id}/{action}`: a document's state change, confirmed in the document's own words
 * (a completed sale is not a purchase); the lists, the document and the ledger's figures refresh.
 */
export function useDocAction(endpoint: string, messages: DocActionMessages) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const invalidateLedger = useInvalidateLedger();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: DocAction }) =>
      api<{ message?: string }>(`${endpoint}/${id}/${action}`, { method: "POST", body: {} }),
    onSuccess: (_res, { action }) => {
      notifySuccess(t(`${messages}.${action}`));
      void queryClient.invalidateQueries({ queryKey: [endpoint] });
      invalidateLedger();
    },
    onError: notifyError,
    meta: { silent: true },
  });
}

/** A document's state as badges: draft or complete, closed, and (purchases) its payment status. */
export function DocBadges({ status, closed, payment }: { status: string; closed: boolean; payment?: string | undefined }) {
  const { t } = useTranslation("purchases");
  return (
    <Group gap={4} wrap="nowrap">
      <Badge variant="light" color={status === "complete" ? "green" : "gray"} data-testid="doc-status">
        {t(`status.${status}`)}
      </Badge>
      {closed && (
        <Badge variant="light" color="dark">
          {t("status.closed")}
        </Badge>
      )}
      {payment && (
        <Badge variant="outline" color={payment === "paid" ? "green" : payment === "unpaid" ? "red" : "yellow"}>
          {t(`paymentStatus.${payment}`)}
        </Badge>
      )}
    </Group>
  );
}
