import { JOB_MSG, type Job } from "@app/contracts";
import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import { afterAll, describe, expect, it } from "vitest";
import i18n, { setLanguage } from "../../app/i18n";
import { JobProgress } from "./JobProgress";

const job = (over: Partial<Job>): Job => ({
  id: "7c1e1f7e-8d54-4a53-9f0c-1f6c1b7f1d2e",
  kind: "backup",
  state: "running",
  step: "backup.copying",
  done: 12,
  total: 40,
  created_at: "2026-12-04T01:00:00.000Z",
  started_at: "2026-12-04T01:00:00.000Z",
  finished_at: null,
  created_by_name: "admin",
  result: null,
  error: null,
  ...over,
});
const shown = (j: Job) =>
  render(
    <MantineProvider env="test">
      <JobProgress job={j} title="…" />
    </MantineProvider>,
  );

afterAll(() => setLanguage("en"));

describe("a job's progress on screen", () => {
  it("shows the step and its count in each language, and the runner's reasons in the reader's words", async () => {
    const seen: Record<string, string[]> = {};
    for (const lang of ["en", "ar", "ckb"] as const) {
      await setLanguage(lang);
      const running = shown(job({}));
      const failed = shown(job({ state: "failed", error: { message: JOB_MSG.stopped }, finished_at: "2026-12-04T01:05:00.000Z" }));
      seen[lang] = [
        screen.getByTestId("job-step").textContent ?? "",
        screen.getByTestId("job-count").textContent ?? "",
        screen.getByTestId("job-failed").textContent ?? "",
      ];
      running.unmount();
      failed.unmount();
    }
    expect(seen.en).toEqual(["Copying the tables", "12 of 40", expect.stringContaining(JOB_MSG.stopped)]);
    expect(seen.ar!.slice(0, 2)).toEqual(["نسخ الجداول", "12 من 40"]);
    expect(seen.ckb!.slice(0, 2)).toEqual(["لەبەرگرتنەوەی خشتەکان", "12 لە 40"]);
    // No English left in Arabic or Kurdish: the reason and the time's marks included.
    for (const lang of ["ar", "ckb"] as const) for (const text of seen[lang]!) expect(text).not.toMatch(/[A-Za-z]{2,}/);
    expect(i18n.language).toBe("ckb");
  });
});
