import { IconRuler2 } from "@tabler/icons-react";
import type { Column } from "../../shared/DataTable";
import { ReferencePage, type RefField } from "./ReferencePage";
import { ENDPOINTS, type UnitRow } from "./settings.queries";

const columns: Column<UnitRow>[] = [
  { key: "unit_id", label: "settings:fields.id" },
  { key: "unit_name", label: "settings:fields.unit_name" },
];
const fields: RefField[] = [{ key: "unit_name", label: "fields.unit_name", type: "text", required: true }];

export function UnitsPage() {
  return (
    <ReferencePage<UnitRow>
      page="units"
      endpoint={ENDPOINTS.units}
      section="units"
      model="units"
      icon={IconRuler2}
      idOf={(r) => r.unit_id}
      nameOf={(r) => r.unit_name}
      columns={columns}
      fields={fields}
      defaultSort="unit_id"
    />
  );
}
