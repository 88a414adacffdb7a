import { Badge, Group } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
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

/**
 * A document's state as badges in its own words: its state (`state`, green once `done`, test id
 * `testId`), closed when it is, then what else the document shows (`children`).
 */
export function StateBadges(props: { state: string; done: boolean; testId: string; closed: string | false; children?: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Badge variant="light" color={props.done ? "green" : "gray"} data-testid={props.testId}>
        {props.state}
      </Badge>
      {props.closed && (
        <Badge variant="light" color="dark">
          {props.closed}
        </Badge>
      )}
      {props.children}
    </Group>
  );
}

/** A document's state as badges: draft or complete, closed, and (purchases) its payment status. */
export function DocBadges({ status, closed, payment }: { status: string; closed: boolean; payment?: string | undefined }) {
  const { t } = useTranslation("purchases");
  return (
    <StateBadges state={t(`status.${status}`)} done={status === "complete"} testId="doc-status" closed={closed && t("status.closed")}>
      {payment && (
        <Badge variant="outline" color={payment === "paid" ? "green" : payment === "unpaid" ? "red" : "yellow"}>
          {t(`paymentStatus.${payment}`)}
        </Badge>
      )}
    </StateBadges>
  );
}
