// Timing two ways of getting the same answer against each other.
import { performance } from "node:perf_hooks";

/**
 * `runs` timings in ms of each of `a` and `b`, run in turn, in alternating order (a then b, b
 * then a), so that both see the same load on the machine.
 */
export async function interleaved(runs: number, a: () => Promise<unknown>, b: () => Promise<unknown>) {
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < runs; i++) {
    for (const [fn, out] of i % 2
      ? ([
          [b, tb],
          [a, ta],
        ] as const)
      : ([
          [a, ta],
          [b, tb],
        ] as const)) {
      const t0 = performance.now();
      await fn();
      out.push(performance.now() - t0);
    }
  }
  return { a: ta, b: tb };
}
