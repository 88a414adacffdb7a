import { hashKey, type QueryClient } from "@tanstack/react-query";
import { matchPath } from "react-router";
import { FEATURES } from "../features";
import { loginOptionsQuery } from "../shared/api/auth";
import { session } from "../shared/api/session";
import { listPageQuery, markPreloaded, parseListState, toApiQuery } from "../shared/DataTable/listQuery";
import type { Feature } from "./feature";
import { loadLanguage, storedLanguage } from "./i18n";
import { FALLBACK_CONFIG, meQuery, pageSizesOf, sidebarQuery, systemConfigQuery } from "./session";

/**
 * A signed-in page load asks for everything it needs at once, as soon as the app's code runs: the
 * profile and permissions (auth/me), the system settings, the side menu's setting, every text of
 * the language, the signed-in frame's and the layout's code, and the code of the screen the
 * address names. Left to the render they waited for one another (code, texts, frame, profile,
 * layout, screen, its data), while a later screen of the same visit finds them all in place.
 * What is asked for here is what the screens ask for themselves (the same queries and modules),
 * so they find it in flight or done.
 */
export function startSignedInLoad(queryClient: QueryClient, path: string): void {
  // The login page's choices (staff or cashier) are asked for beside its code, not after its render.
  if (/^\/login(\/|$)/.test(path)) void queryClient.prefetchQuery({ ...loginOptionsQuery, meta: { silent: true } });
  if (session.getToken() === null || /^\/(login|user-logout)(\/|$)/.test(path)) return;
  void queryClient.prefetchQuery(meQuery);
  void queryClient.prefetchQuery(systemConfigQuery);
  void queryClient.prefetchQuery({ ...sidebarQuery, meta: { silent: true } });
  // A failure here is met again, and shown, where the frame waits for the same load.
  loadLanguage(storedLanguage(), "all").catch(() => undefined);
  import("./RequireSession").catch(() => undefined);
  import("./layout/AppLayout").catch(() => undefined);
  const feature = FEATURES.find((f) => matchPath({ path: f.path, end: true }, path));
  feature?.screen.preload().catch(() => undefined);
  if (feature?.list) firstListPage(queryClient, feature.list).catch(() => undefined);
}

/**
 * The list's first page as the screen's DataTable will ask for it (the address's search, page and
 * filters, the user's page size), asked for as soon as the profile and the settings are in.
 */
async function firstListPage(queryClient: QueryClient, list: NonNullable<Feature["list"]>): Promise<void> {
  const [me, config] = await Promise.all([
    queryClient.fetchQuery(meQuery),
    queryClient.fetchQuery(systemConfigQuery).catch(() => FALLBACK_CONFIG),
  ]);
  const defaults = { perPage: pageSizesOf(me, config).initial, sortColumn: list.defaultSort ?? null, sortDir: list.defaultDir };
  const page = listPageQuery(list.endpoint, toApiQuery(parseListState(new URLSearchParams(location.search), defaults), { paged: true }));
  markPreloaded(hashKey(page.queryKey));
  await queryClient.prefetchQuery(page);
}
