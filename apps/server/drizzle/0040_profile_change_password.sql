-- SPEC §6 "profile change password" is a key of its own (profile/change_password): every role,
-- and every member without a role, keeps the password change they had before.
UPDATE "roles" SET "permissions" = "permissions" || '["profile/change_password"]'::jsonb
 WHERE NOT "permissions" ? 'profile/change_password';--> statement-breakpoint
UPDATE "users" SET "permissions" = "permissions" || '["profile/change_password"]'::jsonb
 WHERE "role_id" IS NULL AND "user_id" <> 1 AND NOT "permissions" ? 'profile/change_password';
