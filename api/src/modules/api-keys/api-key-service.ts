import { randomBytes } from 'node:crypto';
import {
  type ApiKey,
  type ApiKeyKind,
  apiKeySecretPrefixes,
  apiKeysMaxCount,
  type IssuedApiKey,
  type ResearchBotToken,
  researchBotTokenAudience,
  type UpdatedApiKey,
} from '@dcipher/shared/contract';
import { sql } from 'kysely';
import type { Database, Queryable } from '../../db/database.js';
import { db } from '../../db/kysely.js';
import { ValidationError } from '../../http/api-error.js';
import type { AuthenticatedUser } from '../../http/register-endpoint.js';
import { recordActivity } from '../activity-log/activity-log.js';
import { findAccount } from '../people/account-repository.js';
import { findUserById, maySignIn } from '../people/user-repository.js';
import { ApiKeyInvalidError, ApiKeyNotFoundError } from './api-key-errors.js';
import {
  countApiKeys,
  deleteApiKey,
  findApiKey,
  hashApiKeySecret,
  insertApiKey,
  listApiKeys,
  renameApiKey,
  rotateApiKey,
  type StoredApiKey,
  useApiKey,
} from './api-key-repository.js';
import type { ResearchBotTokens } from './research-bot-tokens.js';

/** How many characters of the secret the list shows: the kind's prefix and four more. */
const shownCharacters = 4;

/** A new secret: the kind's prefix and 256 random bits, base64url. */
function newSecret(kind: ApiKeyKind) {
  const secret = `${apiKeySecretPrefixes[kind]}${randomBytes(32).toString('base64url')}`;
  return {
    secret,
    prefix: secret.slice(0, apiKeySecretPrefixes[kind].length + shownCharacters),
    secretHash: hashApiKeySecret(secret),
  };
}

export interface ApiKeyActor {
  organizationId: string;
  userId: string;
}

/**
 * The organization's API keys (docs/decisions/0037): created, renamed, rotated and revoked by admins, each change
 * in the activity log in the same transaction; the secret is answered once and only its hash stored.
 */
export function createApiKeyService({
  database,
  researchBotTokens,
}: {
  database: Database;
  researchBotTokens: ResearchBotTokens;
}) {
  async function toAnswer(database: Queryable, keys: StoredApiKey[]): Promise<ApiKey[]> {
    const creators = new Map<string, { name: string; email: string }>();
    for (const userId of new Set(keys.map((key) => key.createdBy))) {
      const account = await findAccount(database, userId);
      if (account) {
        creators.set(userId, {
          name: `${account.firstName} ${account.lastName}`.trim(),
          email: account.email,
        });
      }
    }
    return keys.map((key) => ({
      id: key.id,
      kind: key.kind,
      name: key.name,
      prefix: key.prefix,
      createdAt: new Date(key.createdAt).toISOString(),
      createdBy: creators.get(key.createdBy) ?? { name: '', email: '' },
      lastUsedAt: key.lastUsedAt && new Date(key.lastUsedAt).toISOString(),
      rotatedAt: key.rotatedAt && new Date(key.rotatedAt).toISOString(),
    }));
  }
  const one = async (database: Queryable, key: StoredApiKey) =>
    (await toAnswer(database, [key]))[0] as ApiKey;

  const activity = (actor: ApiKeyActor, key: StoredApiKey) => ({
    organizationId: actor.organizationId,
    actor: { userId: actor.userId },
    subject: key.name,
    details: { kind: key.kind, prefix: key.prefix },
  });

  async function researchBotToken(
    subject: { userId: string; organizationId: string },
    via: 'api-key' | 'session',
  ) {
    return {
      accessToken: await researchBotTokens.sign(subject, via),
      tokenType: 'Bearer',
      expiresIn: researchBotTokens.ttlSeconds,
      audience: researchBotTokenAudience,
    } satisfies ResearchBotToken;
  }

  return {
    async list(organizationId: string, kind: ApiKeyKind): Promise<ApiKey[]> {
      return toAnswer(database, await listApiKeys(database, organizationId, kind));
    },

    create(actor: ApiKeyActor, kind: ApiKeyKind, name: string): Promise<IssuedApiKey> {
      return database.transaction(async (transaction) => {
        // One organization's creates queue here, so two at once cannot both pass the count.
        await sql`select pg_advisory_xact_lock(hashtext(${`api-keys:${actor.organizationId}`}))`.execute(
          db(transaction),
        );
        if ((await countApiKeys(transaction, actor.organizationId, kind)) >= apiKeysMaxCount) {
          throw new ValidationError('tooManyApiKeys');
        }
        const { secret, prefix, secretHash } = newSecret(kind);
        const key = await insertApiKey(transaction, {
          organizationId: actor.organizationId,
          createdBy: actor.userId,
          kind,
          name,
          prefix,
          secretHash,
        });
        await recordActivity(transaction, { ...activity(actor, key), action: 'api-key.created' });
        return { key: await one(transaction, key), secret };
      });
    },

    update(
      actor: ApiKeyActor,
      kind: ApiKeyKind,
      { id, name, rotate }: { id: string; name?: string; rotate?: boolean },
    ): Promise<UpdatedApiKey> {
      return database.transaction(async (transaction) => {
        let key = await findApiKey(transaction, { id, organizationId: actor.organizationId, kind });
        if (!key) throw new ApiKeyNotFoundError();
        if (name !== undefined && name !== key.name) {
          const from = key.name;
          key = await renameApiKey(transaction, key.id, name);
          await recordActivity(transaction, {
            ...activity(actor, key),
            action: 'api-key.renamed',
            details: { kind, prefix: key.prefix, from },
          });
        }
        let secret: string | undefined;
        if (rotate) {
          const issued = newSecret(kind);
          secret = issued.secret;
          const before = key.prefix;
          key = await rotateApiKey(transaction, key.id, issued);
          await recordActivity(transaction, {
            ...activity(actor, key),
            action: 'api-key.rotated',
            details: { kind, prefix: key.prefix, previousPrefix: before },
          });
        }
        return { key: await one(transaction, key), ...(secret && { secret }) };
      });
    },

    revoke(actor: ApiKeyActor, kind: ApiKeyKind, id: string): Promise<void> {
      return database.transaction(async (transaction) => {
        const key = await findApiKey(transaction, { id, organizationId: actor.organizationId, kind });
        if (!key) throw new ApiKeyNotFoundError();
        await deleteApiKey(transaction, key.id);
        await recordActivity(transaction, { ...activity(actor, key), action: 'api-key.revoked' });
      });
    },

    /**
     * The caller a general key stands for: the admin who created it, as they are now (their current role; a
     * suspended or deactivated creator's keys stop working). Marks the key used.
     */
    async authenticate(secret: string): Promise<AuthenticatedUser> {
      if (!secret.startsWith(apiKeySecretPrefixes.general)) throw new ApiKeyInvalidError();
      const key = await useApiKey(database, secret);
      if (key?.kind !== 'general') throw new ApiKeyInvalidError();
      const user = await findUserById(database, key.createdBy);
      if (!maySignIn(user) || user.organizationId !== key.organizationId) throw new ApiKeyInvalidError();
      return {
        kind: 'user',
        id: user.id,
        email: user.email,
        organizationId: user.organizationId,
        customerType: user.customerType,
        role: user.role,
        requiresPasswordChange: user.requiresPasswordChange,
        internalAdmin: false,
        apiKeyId: key.id,
      };
    },

    /** `POST /research-bot/authorize`: a research-bot key for a 5-minute research-bot token. */
    async authorizeResearchBot(secret: string | undefined): Promise<ResearchBotToken> {
      if (!secret?.startsWith(apiKeySecretPrefixes['research-bot'])) throw new ApiKeyInvalidError();
      const key = await useApiKey(database, secret);
      if (key?.kind !== 'research-bot') throw new ApiKeyInvalidError();
      const user = await findUserById(database, key.createdBy);
      if (!maySignIn(user) || user.organizationId !== key.organizationId) throw new ApiKeyInvalidError();
      return researchBotToken({ userId: user.id, organizationId: user.organizationId }, 'api-key');
    },

    /** `GET /research-bot/access-token`: the signed-in user's own research-bot token. */
    researchBotTokenFor(user: { id: string; organizationId: string }): Promise<ResearchBotToken> {
      return researchBotToken({ userId: user.id, organizationId: user.organizationId }, 'session');
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
