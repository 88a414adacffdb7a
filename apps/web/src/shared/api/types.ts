import type { ListEnvelope } from "@app/contracts";

export interface Currency {
  currency_id: number;
  currency_name: string;
  symbol: string;
}

export interface SystemConfig {
  currency_fk: number;
  currency: Currency;
  cashier_login_option: "Name" | "Code";
  pagination_default: number;
  pagination_options: string;
  shop_name: string;
  /** Printed under the shop's name on every print. */
  receipt_header?: string | null;
  /** Printed at the end of a printed document (purchase, return). */
  receipt_footer?: string | null;
  /** Text in the user agent that marks the desktop POS terminal, when the shop sets one. */
  pos_terminal_marker?: string;
  /** The business's IANA time zone: documents' dates are wall-clock times there. */
  time_zone?: string;
  /** The shortest new password the server accepts (system setting, at least 4). */
  password_min_length?: number;
  /** The inventory new documents, stock forms and new cashiers start with. */
  default_inventory_fk?: number | null;
  /** How many decimals IQD amounts show on screens and prints (system setting, 0 to 3, 0 unless set). */
  iqd_decimals?: number;
}

export interface LoginOptions {
  outlets: { outlet_id: number; outlet_name: string }[];
  cashier_login_option: "Name" | "Code";
  shop_name: string;
}

/** Single records come in `data`, dropdown lists in `message` (DESIGN §7). */
export interface DataBody<T> {
  data: T;
}
export interface MessageBody<T> {
  message: T;
}
export type ListBody<Row> = DataBody<ListEnvelope<Row>>;

export interface LastRate {
  rate: string;
  rate_id: number;
  in_rate: string;
}
