import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Autocomplete, type Choice } from "./Autocomplete";

interface Row {
  id: number;
  name: string;
}
const page = (rows: Row[]) => ({ data: { data: rows, current_page: 1, last_page: 1, per_page: 20, total: rows.length } });
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });

afterEach(() => vi.restoreAllMocks());

/** A customer picker with nothing chosen; answers the choices it hands on, in order. */
function renderPicker() {
  const picked: (Choice | null)[] = [];
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <Autocomplete<Row>
          endpoint="customers"
          label="Customer"
          toChoice={(r) => ({ value: r.id, label: r.name })}
          value={null}
          onChange={(c) => picked.push(c)}
          data-testid="picker"
        />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return picked;
}

describe("autocomplete", () => {
  it("keeps its choices while the typed search is on its way, so a choice clicked at once is picked", async () => {
    const zanko = { id: 7, name: "Zanko Pharmacy" };
    let answerSearch: (r: Response) => void = () => {};
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const url = new URL(String(input), "http://x");
      if (!url.searchParams.get("search")) return json(page([{ id: 3, name: "Ahmad" }, zanko]));
      // The search answers only when the test says so: the click comes first.
      return new Promise<Response>((resolve) => {
        answerSearch = resolve;
      });
    });
    const picked = renderPicker();
    const input = screen.getByTestId("picker");
    fireEvent.focus(input);
    await screen.findByRole("option", { name: "Zanko Pharmacy" });
    fireEvent.change(input, { target: { value: "Zanko" } });
    // The debounced search goes out and has not answered yet.
    await waitFor(() => expect(vi.mocked(globalThis.fetch).mock.calls.some(([u]) => String(u).includes("search=Zanko"))).toBe(true));
    const option = screen.getByRole("option", { name: "Zanko Pharmacy" });
    fireEvent.click(option);
    expect(picked).toEqual([{ value: 7, label: "Zanko Pharmacy" }]);
    await act(async () => answerSearch(json(page([zanko]))));
  });

  it("picks a typed name with one match on Enter, and keeps a text that finds nothing with the field's error", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const search = new URL(String(input), "http://x").searchParams.get("search") ?? "";
      const rows = [
        { id: 3, name: "Ahmad" },
        { id: 7, name: "Zanko Pharmacy" },
      ].filter((r) => r.name.toLowerCase().includes(search.toLowerCase()));
      return json(page(rows));
    });
    const picked = renderPicker();
    const input = screen.getByTestId("picker") as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: "zanko" } });
    // Once the matches answer what was typed, Enter takes the one match.
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(1));
    await waitFor(() => {
      fireEvent.keyDown(input, { key: "Enter", code: "Enter" });
      expect(picked).toEqual([{ value: 7, label: "Zanko Pharmacy" }]);
    });
    fireEvent.change(input, { target: { value: "Nobody" } });
    await screen.findByText("Nothing found");
    fireEvent.blur(input);
    fireEvent.keyDown(input, { key: "Escape", code: "Escape" });
    await screen.findByText('Nothing matches "Nobody". Choose one from the list.');
    expect(input.value).toBe("Nobody");
  });
});
