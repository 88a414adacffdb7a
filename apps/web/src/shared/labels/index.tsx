import { lazy, Suspense } from "react";
import type { LabelRequest } from "./LabelsDialog";

export type { LabelRequest } from "./LabelsDialog";

/** The permission that opens the labels: whoever may open an item's record (its units, barcodes and prices) may print its labels. */
export const LABELS_PERMISSION = "items/show";

// The dialog, its barcode drawing and its print styles load when labels are first asked for.
const LabelsDialog = lazy(async () => ({ default: (await import("./LabelsDialog")).LabelsDialog }));

/** The labels dialog, loaded on demand (see `LabelsDialog`). */
export function Labels(props: { initial: LabelRequest[]; onClose: () => void; canAdd?: boolean }) {
  return (
    <Suspense fallback={null}>
      <LabelsDialog {...props} />
    </Suspense>
  );
}
