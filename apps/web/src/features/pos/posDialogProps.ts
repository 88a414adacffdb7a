import type { PosItem, PosUnit } from "@app/contracts";
import type { CatalogueIndex } from "./catalogue";
import type { DialogKind } from "./PosPage";
import type { BillLineState, HeldBill } from "./posDb";
import type { PosSession } from "./posSession";
import type { QueuedSale } from "./queue";

/** What each of the till's dialogs is given (PosDialogs, HoldDialogs). */
export interface PosDialogProps {
  kind: Exclude<DialogKind, null>;
  close: () => void;
  index: CatalogueIndex;
  session: PosSession;
  lines: BillLineState[];
  customerId: number | null;
  queue: QueuedSale[];
  onAdd: (item: PosItem, unit: PosUnit) => void;
  onCustomer: (id: number | null) => void;
  onResume: (h: HeldBill) => void;
  onHeld: () => void;
  onQueueChanged: () => Promise<void>;
  flush: () => Promise<void>;
  /** Reads the till's session again (another cashier, money paid out of the drawer). */
  refreshSession: () => void;
}
