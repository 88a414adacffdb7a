import { Button, type ButtonProps } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useCan } from "../../app/session";
import { api } from "../../shared/api/client";
import { useConfirmAction } from "../../shared/ConfirmDialog";
import { notifyError, notifySuccess } from "../../shared/notify";
import { useInvalidateWarehouse } from "./warehouseDocs.queries";

/**
 * A state change of a warehouse document (`POST {endpoint}/{id}/{action}`), behind its permission;
 * it posts (stock, the books), so it asks first, naming the document by its number.
 */
export function WarehouseDocAction({
  endpoint,
  doc,
  action,
  children,
  testId,
  ...button
}: { endpoint: string; doc: { id: number; number: string | null }; action: string; children: ReactNode; testId: string } & ButtonProps) {
  const { id } = doc;
  const can = useCan();
  const invalidate = useInvalidateWarehouse();
  const confirm = useConfirmAction();
  const run = useMutation({
    mutationFn: () => api<{ message: string }>(`${endpoint}/${id}/${action}`, { method: "POST", body: {} }),
    onSuccess: (res) => {
      notifySuccess(res.message);
      invalidate(endpoint);
    },
    onError: notifyError,
    meta: { silent: true },
  });
  if (!can(`${endpoint}/${action}`)) return null;
  return (
    <>
      <Button
        {...button}
        loading={run.isPending}
        onClick={(e) => confirm.ask(e.currentTarget.textContent ?? "", doc.number ?? "", () => run.mutate())}
        data-testid={testId}
      >
        {children}
      </Button>
      {confirm.dialog}
    </>
  );
}
