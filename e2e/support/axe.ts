import type { Page } from "@playwright/test";
import axe from "axe-core";

/** The WCAG 2.1 A and AA rules, as a user's checker runs them. */
const WCAG21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Runs axe-core on the page as it is now and answers the violations, each with the elements it names. */
export async function axeViolations(page: Page, include?: string): Promise<AxeViolation[]> {
  // Evaluated through the browser's debugging protocol: the product's Content-Security-Policy
  // (script-src 'self') rightly refuses an inline <script>, and the check must not loosen it.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  return page.evaluate(
    async ([tags, context]) => {
      const w = window as unknown as { axe: typeof axe };
      const result = await w.axe.run(context ? { include: [context] } : document, { runOnly: { type: "tag", values: tags } });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? null,
        help: v.help,
        nodes: v.nodes.map(
          (n) => `${n.target.join(" ")} ${n.html.slice(0, 160)}: ${(n.failureSummary ?? "").split("\n").slice(0, 2).join(" ")}`,
        ),
      }));
    },
    [WCAG21_AA, include ?? null] as const,
  );
}

/** A readable list of violations for a failed expectation. */
export const describeViolations = (where: string, violations: AxeViolation[]) =>
  violations.map((v) => `${where}: ${v.id} (${v.impact}) ${v.help}\n    ${v.nodes.slice(0, 5).join("\n    ")}`).join("\n");
