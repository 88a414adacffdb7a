/**
 * The two answers of a token that no longer holds (SPEC §5), apart from the other texts: the web's
 * API client recognises them on every page, the POS screen's first included, which does not load
 * every text (MSG) it may never show.
 */
export const TOKEN_EXPIRED = "Token is Expired.";
export const TOKEN_INVALID = "Token is Invalid.";
