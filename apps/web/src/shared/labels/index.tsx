import { lazy, Suspense } from "react";
import type { LabelRequest } from "./LabelsDialog";

export type { LabelRequest } from "./LabelsDialog";

/** The permission that opens the labels: whoever may list the items may print their labels. */
export const LABELS_PERMISSION = "items/index";

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
