import { expect } from "vitest";
import type { TestApp } from "../../../test/harness.js";

/** A POST on the app `app()` answers that must create (asserted: 201); answers the record. */
export const mustCreate = (app: () => TestApp) => async (url: string, body: Record<string, unknown>) => {
  const r = await app().api("POST", url, { body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data;
};
