/**
 * Whether a dialog the person sees is on the page: the keys of the page (shortcuts, the till's
 * keys, the scanner) hold back for it. One still open but not shown does not count: React hides a
 * suspended boundary's old content (a closing dialog among it) until the new content is ready.
 */
export const dialogShown = () => [...document.querySelectorAll('[role="dialog"], dialog[open]')].some((d) => d.getClientRects().length > 0);
