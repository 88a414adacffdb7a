import { customersListQuery } from "../api/sales";
import { useSeededNames } from "../seededNames";
import { type PartyPickerProps, PartySelect } from "./pickers";

/** A customer chosen from the list (SPEC §5), found by name, code or mobile; the walk-in customer in the reader's language. */
export function CustomerSelect(props: PartyPickerProps) {
  const names = useSeededNames();
  return (
    <PartySelect
      query={customersListQuery}
      optionLabel={(c) => [names.party(c.consumer_name), c.code, c.mobile].filter(Boolean).join(" · ")}
      testId="sale-customer"
      {...props}
    />
  );
}
