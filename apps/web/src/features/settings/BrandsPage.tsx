import { IconTag } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type BrandRow, countriesListQuery, ENDPOINTS } from "../../shared/api/settings";
import type { Column } from "../../shared/DataTable";
import { useSeededNames } from "../../shared/seededNames";
import { ReferencePage, type RefField } from "./ReferencePage";

export function BrandsPage() {
  // SPEC §8: an empty country list is reported by the list call itself; the field then stays free of choices.
  const countries = useQuery(countriesListQuery);
  const names = useSeededNames();
  const countryName = new Map((countries.data ?? []).map((c) => [c.country_id, c.country_name]));
  const columns: Column<BrandRow>[] = [
    { key: "brand_id", label: "settings:fields.id" },
    { key: "brand_name", label: "settings:fields.brand_name" },
    {
      key: "brand_made_in",
      label: "settings:fields.brand_made_in",
      text: (r) => names.country(r.country_name ?? (r.brand_made_in ? countryName.get(r.brand_made_in) : null)),
    },
  ];
  const fields: RefField[] = [
    { key: "brand_name", label: "fields.brand_name", type: "text", required: true },
    {
      key: "brand_made_in",
      label: "fields.brand_made_in",
      type: "select",
      numeric: true,
      options: names.countryOptions(countries.data ?? []),
    },
  ];
  return (
    <ReferencePage<BrandRow>
      page="brands"
      endpoint={ENDPOINTS.brands}
      section="brands"
      model="brands"
      icon={IconTag}
      idOf={(r) => r.brand_id}
      nameOf={(r) => r.brand_name}
      columns={columns}
      fields={fields}
      defaultSort="brand_id"
    />
  );
}
