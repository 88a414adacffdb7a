import { IconRuler2 } from "@tabler/icons-react";
import { ENDPOINTS, type UnitRow } from "../../shared/api/settings";
import type { Column } from "../../shared/DataTable";
import { useSeededNames } from "../../shared/seededNames";
import { ReferencePage, type RefField } from "./ReferencePage";

const fields: RefField[] = [{ key: "unit_name", label: "fields.unit_name", type: "text", required: true }];

export function UnitsPage() {
  const names = useSeededNames();
  const columns: Column<UnitRow>[] = [
    { key: "unit_id", label: "settings:fields.id" },
    { key: "unit_name", label: "settings:fields.unit_name", text: (r) => names.unit(r.unit_name) },
  ];
  return (
    <ReferencePage<UnitRow>
      page="units"
      endpoint={ENDPOINTS.units}
      section="units"
      model="units"
      icon={IconRuler2}
      idOf={(r) => r.unit_id}
      nameOf={(r) => names.unit(r.unit_name)}
      columns={columns}
      fields={fields}
      defaultSort="unit_id"
    />
  );
}
