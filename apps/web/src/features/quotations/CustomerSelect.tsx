import { type PartyPickerProps, PartySelect } from "../purchases/pickers";
import { customersListQuery } from "./quotations.queries";

/** A customer chosen from the customers' list, by name. */
export const CustomerSelect = (props: PartyPickerProps) => <PartySelect query={customersListQuery} {...props} />;
