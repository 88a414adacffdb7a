export const ADMIN_EMAIL = "admin@example.com";
export const ADMIN_PASSWORD = "admin-pass-1";

/** The same server and credentials with another database name. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
