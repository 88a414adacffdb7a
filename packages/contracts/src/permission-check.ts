/** The super user: every permission, always (SPEC §6). */
export const SUPER_USER_ID = 1;

export type PermissionRequirement = string | readonly string[];

/**
 * SPEC §6: a string (`a##b` means any of them) or an array passes when the user holds at least
 * one of the keys. The super user (id 1) always passes.
 */
export function can(
  user: { user_id: number; permissions: readonly string[] | ReadonlySet<string> } | null | undefined,
  required: PermissionRequirement,
): boolean {
  if (!user) return false;
  if (user.user_id === SUPER_USER_ID) return true;
  const wanted = (typeof required === "string" ? [required] : [...required]).flatMap((r) => r.split("##"));
  const held = user.permissions instanceof Set ? user.permissions : new Set(user.permissions as readonly string[]);
  return wanted.some((k) => k.length > 0 && held.has(k));
}
