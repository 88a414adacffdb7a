import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { dateFilterRange } from "./dateFilters";
import { parseListState, toApiQuery } from "./listState";
import { visiblePages } from "./Pager";

describe("paging", () => {
  it("shows at most 7 page numbers around the current page", () => {
    expect(visiblePages(1, 3)).toEqual([1, 2, 3]);
    expect(visiblePages(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(visiblePages(10, 20)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(visiblePages(20, 20)).toEqual([14, 15, 16, 17, 18, 19, 20]);
    expect(visiblePages(1, 0)).toEqual([]);
  });
});

describe("list state in the address", () => {
  const defaults = { perPage: 50, sortColumn: "user_id" };

  it("defaults to the profile page size and a descending sort", () => {
    expect(parseListState(new URLSearchParams(""), defaults)).toEqual({
      search: "",
      page: 1,
      perPage: 50,
      sortColumn: "user_id",
      sortDir: "desc",
      filters: {},
    });
  });

  it("reads and writes the list protocol's query (SPEC §7)", () => {
    const s = parseListState(
      new URLSearchParams(
        "search=ali&page=3&per_page=100&sortColumn=user_name&sortDir=asc&filter[status]=active&filter[date_filter]=TODAY",
      ),
      defaults,
    );
    expect(toApiQuery(s, { paged: true })).toEqual({
      search: "ali",
      page: 3,
      per_page: 100,
      sortColumn: "user_name",
      sortDir: "asc",
      "filter[status]": "active",
      "filter[date_filter]": "TODAY",
    });
    // Export takes the same query without paging.
    expect(toApiQuery(s, { paged: false })).not.toHaveProperty("page");
  });

  it("leaves the keys a page keeps itself out of the list's own filters", () => {
    const params = new URLSearchParams("filter[date_filter]=LAST_YEAR&filter[currency_id]=2&filter[status]=active");
    const s = parseListState(params, defaults, new Set(["filter[date_filter]", "filter[currency_id]"]));
    expect(s.filters).toEqual({ status: "active" });
  });
});

describe("named date filters", () => {
  const now = dayjs("2026-05-14");
  it.each([
    ["TODAY", ["2026-05-14", "2026-05-14"]],
    ["THIS_MONTH", ["2026-05-01", "2026-05-31"]],
    ["LAST_MONTH", ["2026-04-01", "2026-04-30"]],
    ["THIS_QUARTER", ["2026-04-01", "2026-06-30"]],
    ["LAST_QUARTER", ["2026-01-01", "2026-03-31"]],
    ["THIS_YEAR", ["2026-01-01", "2026-12-31"]],
    ["LAST_YEAR", ["2025-01-01", "2025-12-31"]],
  ] as const)("%s", (filter, range) => {
    expect(dateFilterRange(filter, now)).toEqual(range);
  });
});
