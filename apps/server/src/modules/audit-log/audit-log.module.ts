import { can, isKnownPermission, LOGGED_SECTIONS, logKey, MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppModule } from "../../platform/app-module.js";
import { audit } from "../../platform/audit.js";
import { bodyOf, parseId, registerList } from "../../platform/crud.js";
import { forbidden, HttpError, notFound, parse } from "../../platform/errors.js";
import { inTx, requireUser } from "../../platform/http.js";
import { answers, dataOf, savedOf } from "../../platform/openapi.js";
import { AUDIT_MSG, auditList, LOGGED_MODULES, mayReadLog, showKeyOf } from "./audit-log.list.js";

const LOG_KEYS = LOGGED_SECTIONS.map(logKey);
/** The show keys of the logged modules: a document's timeline and its print are its readers'. */
const SHOW_KEYS = [...new Set(LOGGED_MODULES.map(showKeyOf).filter(isKnownPermission))];

const ZEntry = z.object({
  id: z.number().int(),
  module: z.string(),
  action: z.string(),
  record_id: z.string().nullable(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  ip: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
const ZTimelineEntry = ZEntry.omit({ module: true, record_id: true, ip: true });

const ZModule = z
  .string({ error: "The module field is required." })
  .min(1, "The module field is required.")
  .max(64, AUDIT_MSG.module)
  .refine((m) => LOGGED_MODULES.includes(m), AUDIT_MSG.module);
const ZRecordId = z.coerce
  .number({ error: "The record id field is required." })
  .int("The record id must be an integer.")
  .min(1, "The record id must be at least 1.")
  .max(2_147_483_647, "The record id must be an integer.");
const ZTimelineQuery = z.object({ module: ZModule, record_id: ZRecordId });
const ZPrinted = z.object({ module: ZModule, record_id: ZRecordId });

const ENTRY_COLUMNS = sql`a.id::int as id, a.module, a.action, a.record_id, a.user_id, u.user_name, host(a.ip) as ip,
  a.before, a.after, to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`;

/**
 * Whether the caller may read this record as its own show route answers it (which also applies
 * what that route alone knows: another's invoice sale without view_all, an inventory not theirs).
 */
async function mayShow(app: FastifyInstance, req: FastifyRequest, module: string, id: number): Promise<boolean> {
  const key = showKeyOf(module);
  if (!isKnownPermission(key) || !can(req.user ?? null, key)) return false;
  const res = await app.inject({ method: "GET", url: `/api/${module}/${id}`, headers: { authorization: req.headers.authorization ?? "" } });
  return res.statusCode === 200;
}

/**
 * The audit log read (the list, one entry, a record's timeline) and the prints it records. The
 * log is written by `platform/audit.ts` inside each change's own transaction.
 */
export const auditLogModule: AppModule = {
  name: "audit-log",
  register(app: FastifyInstance) {
    registerList(app, "/api/model_loges", auditList, [LOG_KEYS.join("##")]);

    // A record's history: for the readers of its module's log, or of the record itself.
    app.get(
      "/api/model_loges/timeline",
      {
        config: { permission: [...LOG_KEYS, ...SHOW_KEYS] },
        ...answers(dataOf(z.array(ZTimelineEntry)), { querystring: ZTimelineQuery }),
      },
      async (req) => {
        const user = requireUser(req);
        const q = parse(ZTimelineQuery, req.query);
        if (!mayReadLog(user, q.module) && !(await mayShow(app, req, q.module, q.record_id))) throw forbidden();
        const rows = await app.db.execute(
          sql`select ${ENTRY_COLUMNS} from audit_logs a left join users u on u.user_id = a.user_id
               where a.module = ${q.module} and a.record_id = ${String(q.record_id)} order by a.id`,
        );
        return {
          data: rows.rows.map(({ module: _m, record_id: _r, ip: _ip, ...entry }) => entry),
        };
      },
    );

    // A print of a document, recorded in its module's log as the action `print`.
    app.post(
      "/api/model_loges/print",
      { config: { permission: SHOW_KEYS }, ...answers(savedOf(ZPrinted), { body: ZPrinted }) },
      async (req) => {
        const input = parse(ZPrinted, bodyOf(req));
        if (!(await mayShow(app, req, input.module, input.record_id))) throw forbidden();
        await inTx(app, req, (ctx) => audit(ctx, { module: input.module, action: "print", record_id: input.record_id }));
        return { message: MSG.added, data: input };
      },
    );

    app.get("/api/model_loges/:id", { config: { permission: [LOG_KEYS.join("##")] }, ...answers(dataOf(ZEntry)) }, async (req) => {
      const user = requireUser(req);
      const id = parseId((req.params as { id: string }).id);
      const rows = await app.db.execute<z.infer<typeof ZEntry>>(
        sql`select ${ENTRY_COLUMNS} from audit_logs a left join users u on u.user_id = a.user_id where a.id = ${id}`,
      );
      const entry = rows.rows[0];
      if (!entry) throw notFound();
      if (!mayReadLog(user, entry.module)) throw new HttpError(403, MSG.forbidden);
      return { data: entry };
    });
  },
};
