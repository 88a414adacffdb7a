import { type Login, PASSWORD_MIN } from "@app/contracts";

/** zod's e-mail check (`z.email()`), as the contract's sign-in schema applies it. */
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/**
 * The sign-in form's checks: the contract's `ZLogin`, written out so that the sign-in page does
 * not download zod (a test holds them to the schema). Each field's first message, as the schema
 * orders them.
 */
export function checkLogin(v: { email: string; password: string; code?: string }): { data: Login } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const email = v.email.trim();
  if (email === "") errors.email = "The email field is required.";
  else if (!EMAIL.test(email)) errors.email = "The email must be a valid email address.";
  if (v.password === "") errors.password = "Please enter your password";
  else if (v.password.length < PASSWORD_MIN) errors.password = `The password must be at least ${PASSWORD_MIN} characters.`;
  const code = v.code?.trim();
  if (code !== undefined && code.length > 64) errors.code = "Too big: expected string to have <=64 characters";
  if (Object.keys(errors).length) return { errors };
  return { data: { email, password: v.password, ...(code !== undefined && { code }) } };
}
