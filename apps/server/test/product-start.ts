// What every test, browser test and benchmark that runs the product in a process of its own does
// alike: the environment it starts with, its output kept for a failure's message, and the wait
// until it answers. Each caller still chooses its entry (tsx, the compiled server, `npm start`),
// its port (`freePort`, platform/free-port.ts), its variables and how long to wait.
import type { ChildProcess } from "node:child_process";

/**
 * The environment of the product on 127.0.0.1:`port`: this process's, logging warnings only, with
 * `env` over it; a variable `env` gives as undefined is left out.
 */
export function productEnv(port: number, env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env };
  for (const [key, value] of Object.entries(out)) if (value === undefined) delete out[key];
  return out;
}

/** Keeps what a process started with piped output writes to stdout and stderr. */
export function keepOutput(child: ChildProcess): () => string {
  let out = "";
  child.stdout?.on("data", (d) => {
    out += d;
  });
  child.stderr?.on("data", (d) => {
    out += d;
  });
  return () => out;
}

/** Whether `url` answers a GET with a 2xx status now (false while nothing listens). */
export const answersOk = (url: string) => () =>
  fetch(url).then(
    (res) => res.ok,
    () => false,
  );

/**
 * Asks `answers` every `every` ms until it says yes. Refused when the process exits first, and
 * after `within` ms (when given); `giveUp` runs before either refusal (a kill, a stop).
 */
export async function waitForAnswer(
  child: ChildProcess,
  opts: {
    answers: () => Promise<boolean>;
    every: number;
    within?: number;
    /** Who is started, for the refusals' words. */
    name: string;
    output?: () => string;
    giveUp?: () => unknown;
  },
): Promise<void> {
  const tail = () => (opts.output ? `:\n${opts.output()}` : "");
  const until = opts.within === undefined ? Number.POSITIVE_INFINITY : Date.now() + opts.within;
  while (Date.now() < until) {
    if (child.exitCode !== null) {
      await opts.giveUp?.();
      throw new Error(`${opts.name} exited with ${child.exitCode}${tail()}`);
    }
    if (await opts.answers()) return;
    await new Promise((r) => setTimeout(r, opts.every));
  }
  await opts.giveUp?.();
  throw new Error(`${opts.name} did not answer within ${Math.round((opts.within ?? 0) / 1000)} s${tail()}`);
}
