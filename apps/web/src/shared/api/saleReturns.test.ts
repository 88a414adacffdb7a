import { describe, expect, it } from "vitest";
import { saleLink } from "./saleReturns";

describe("the sale a return came from", () => {
  it("opens the POS ticket, the salesman sale or the invoice sale, each with its own permission", () => {
    expect(saleLink("pos", 7)).toEqual({ to: "/sales/pos-sales/view/7/0", permission: "pos_sales/show##pos_admin_sales/show" });
    expect(saleLink("salesman", 8)).toEqual({ to: "/sales/salesman-sales/view/8/0", permission: "salesman_sales/show" });
    expect(saleLink("sale", 9)).toEqual({ to: "/sales/sales/view/9/0", permission: "sales/show" });
    expect(saleLink(null, 9).to).toBe("/sales/sales/view/9/0");
  });
});
