import { IconBuildingCommunity } from "@tabler/icons-react";
import { type CityRow, ENDPOINTS } from "../../shared/api/settings";
import type { Column } from "../../shared/DataTable";
import { type SeededNames, useSeededNames } from "../../shared/seededNames";
import { ReferencePage, type RefField } from "./ReferencePage";

const columnsOf = (names: SeededNames): Column<CityRow>[] => [
  { key: "city_id", label: "settings:fields.id" },
  { key: "city_name", label: "settings:fields.city_name", text: (r) => names.city(r.city_name) },
];
const fields: RefField[] = [{ key: "city_name", label: "fields.city_name", type: "text", required: true }];

export function CitiesPage() {
  const names = useSeededNames();
  return (
    <ReferencePage<CityRow>
      page="cities"
      endpoint={ENDPOINTS.cities}
      section="cities"
      model="cities"
      icon={IconBuildingCommunity}
      idOf={(r) => r.city_id}
      nameOf={(r) => r.city_name}
      columns={columnsOf(names)}
      fields={fields}
      defaultSort="city_id"
    />
  );
}
