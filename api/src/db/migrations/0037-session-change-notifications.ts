import type { Migration } from './migration.js';

/**
 * Every change that can end a bearer's access is announced on the `dcipher_sessions` channel (NOTIFY, sent at
 * commit), so each API process drops what it remembers of that person's sessions at once (docs/decisions/0069):
 * - a refresh token used, revoked, expired by hand or deleted (sign-out, rotation, "sign out everywhere"): its user;
 * - a user changed or deleted (suspension, status, role, password, organization): the user;
 * - two-step settings changed (enabling it ends "two-step setup required"): the user;
 * - an organization changed (its two-step requirement): `org:<id>`, which drops every remembered session.
 * Whatever the change and whoever makes it (a request, a job, an operator's SQL), the trigger announces it.
 */
export const sessionChangeNotificationsMigration: Migration = {
  version: '0037-session-change-notifications',
  sql: /* sql */ `
    create function notify_session_change_of_user() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        perform pg_notify('dcipher_sessions', old.user_id::text);
      else
        perform pg_notify('dcipher_sessions', new.user_id::text);
        if tg_op = 'UPDATE' and old.user_id is distinct from new.user_id then
          perform pg_notify('dcipher_sessions', old.user_id::text);
        end if;
      end if;
      return null;
    end $$;

    create function notify_session_change_of_user_row() returns trigger language plpgsql as $$
    begin
      perform pg_notify('dcipher_sessions', old.id::text);
      return null;
    end $$;

    create function notify_session_change_of_organization() returns trigger language plpgsql as $$
    begin
      perform pg_notify('dcipher_sessions', 'org:' || old.id::text);
      return null;
    end $$;

    create trigger refresh_tokens_session_change after update or delete on refresh_tokens
      for each row execute function notify_session_change_of_user();
    create trigger two_factor_settings_session_change after insert or update or delete on two_factor_settings
      for each row execute function notify_session_change_of_user();
    create trigger users_session_change after update or delete on users
      for each row execute function notify_session_change_of_user_row();
    create trigger organizations_session_change after update or delete on organizations
      for each row execute function notify_session_change_of_organization();
  `,
};
