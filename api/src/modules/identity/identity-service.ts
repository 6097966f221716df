import type {
  ChangePasswordInput,
  Credentials,
  IssuedTokenPair,
  LoginResult,
  SignInMethod,
  SignInOutcome,
  TwoFactorLoginInputSchema,
} from '@dcipher/shared/contract';
import type { FastifyBaseLogger } from 'fastify';
import type * as v from 'valibot';
import { type Mailer, sendLoggingFailure } from '../../adapters/mailer/mailer.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { type ApiError, UnauthorizedError, ValidationError } from '../../http/api-error.js';
import type { KnownDevice } from '../abuse/device-cookies.js';
import type { SignInThrottle } from '../abuse/sign-in-throttle.js';
import { expirePasswordIfDue } from '../people/organization-settings-repository.js';
import {
  findUserByEmail,
  findUserById,
  type IdentityUser,
  maySignIn,
  replacePassword,
} from '../people/user-repository.js';
import type { AccessTokens } from './access-tokens.js';
import type { SignInContext } from './device-label.js';
import {
  AccountSuspendedError,
  EmailNotVerifiedError,
  InvalidCredentialsError,
  InvalidRefreshTokenError,
  RefreshTokenReusedError,
  TwoFactorChallengeInvalidError,
  TwoFactorCodeInvalidError,
  TwoFactorStateConflictError,
} from './identity-errors.js';
import { passwordChangedNotice } from './password-changed-notice.js';
import type { PasswordHasher } from './password-hasher.js';
import type { IssuedRefreshToken, RefreshTokenStore } from './refresh-token-store.js';
import { recordSignInAttempt } from './sign-in-history.js';
import type { TwoFactor } from './two-factor.js';
import {
  admitTwoFactorChallengeAttempt,
  type ChallengedMethod,
  createTwoFactorChallenge,
  spendTwoFactorChallenge,
  twoFactorChallengePolicy,
} from './two-factor-challenges.js';

export interface IdentityServiceDependencies {
  config: Pick<Config, 'refreshTokenTtlSeconds' | 'staySignedInTtlSeconds' | 'webUrl'>;
  database: Database;
  passwordHasher: PasswordHasher;
  accessTokens: AccessTokens;
  refreshTokens: RefreshTokenStore;
  signInThrottle: SignInThrottle;
  twoFactor: TwoFactor;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/**
 * A refusal another module adds to the sign-ins identity completes itself (a password, the emailed verification
 * link), as SSO does for an organization that requires it for the user's verified domain: answers the error a
 * password sign-in is refused with, or undefined to let it through. Registered with `identity.addSignInRule` by
 * the module that owns the rule's tables (docs/decisions/0110), so identity imports none of them.
 */
export type SignInRule = (user: IdentityUser) => Promise<ApiError | undefined>;

/**
 * What a password or two-step sign-in answers, and whom it signed in when it completed (tokens issued), so the
 * route can remember the browser with a device cookie.
 */
export interface SignInResult<TAnswer> {
  answer: TAnswer;
  signedInUserId?: string;
}

/**
 * Which count an attempt goes to (docs/decisions/0029): a browser holding a device cookie for this very user is
 * throttled on its own, so strangers' failures on the account cannot keep it out; anyone else, by the account.
 */
function throttleFor(signInThrottle: SignInThrottle, email: string, device: KnownDevice | undefined) {
  return device
    ? {
        admit: () => signInThrottle.admitDeviceAttempt(device.userId, device.deviceId),
        clear: () => signInThrottle.clearDevice(device.userId, device.deviceId),
      }
    : { admit: () => signInThrottle.admitAttempt(email), clear: () => signInThrottle.clear(email) };
}

/** The signed-in caller of an account endpoint: the user and the session their access token names. */
export interface Caller {
  id: string;
  sessionId?: string | undefined;
}

/**
 * Signing in (with two-step verification when the user turned it on), refreshing, signing out, changing one's
 * password and turning two-step verification off. Every sign-in attempt on an existing account is recorded in
 * its sign-in history (docs/decisions/0025).
 */
export function createIdentityService({
  config,
  database,
  passwordHasher,
  accessTokens,
  refreshTokens,
  signInThrottle,
  twoFactor,
  mailer,
  log,
}: IdentityServiceDependencies) {
  const signInRules: SignInRule[] = [];

  /** The first refusal of a registered rule, if any, asked in the order the rules were added. */
  async function signInRefusal(user: IdentityUser): Promise<ApiError | undefined> {
    for (const rule of signInRules) {
      const refusal = await rule(user);
      if (refusal) return refusal;
    }
    return undefined;
  }

  async function tokenPair(user: IdentityUser, refreshToken: IssuedRefreshToken): Promise<IssuedTokenPair> {
    const accessToken = await accessTokens.sign({
      userId: user.id,
      sessionId: refreshToken.sessionId,
      email: user.email,
      organizationId: user.organizationId,
      role: user.role,
      requiresPasswordChange: user.requiresPasswordChange,
    });
    return {
      accessToken,
      refreshToken: refreshToken.token,
      requiresPasswordChange: user.requiresPasswordChange,
      refreshExpiresIn: Math.max(0, Math.round((refreshToken.expiresAt.getTime() - Date.now()) / 1000)),
    };
  }

  const record = (userId: string, method: SignInMethod, outcome: SignInOutcome, context: SignInContext) =>
    recordSignInAttempt(database, userId, method, outcome, context);

  /** Records an attempt the throttle or the address limit refused, when the address names an account. */
  async function recordRefusedAttempt(email: string, method: SignInMethod, context: SignInContext) {
    const user = await findUserByEmail(database, email);
    if (user) await record(user.id, method, 'throttled', context);
  }

  /**
   * The first step (password or SSO) proved who the user is: with two-step verification on, a challenge for the
   * code; otherwise a new session.
   */
  async function afterFirstStep(
    user: IdentityUser,
    method: ChallengedMethod,
    ttlSeconds: number,
    context: SignInContext,
  ): Promise<LoginResult> {
    if (await twoFactor.isEnabled(user.id)) {
      const challengeToken = await createTwoFactorChallenge(database, {
        userId: user.id,
        method,
        sessionTtlSeconds: ttlSeconds,
      });
      await record(user.id, method, 'two-step-required', context);
      return { twoFactorRequired: true, challengeToken, expiresIn: twoFactorChallengePolicy.ttlSeconds };
    }
    await record(user.id, method, 'success', context);
    return tokenPair(user, await refreshTokens.issue(user.id, ttlSeconds, context));
  }

  /** A wrong current password counts as a failed sign-in, so a stolen access token gives no unthrottled guesses. */
  async function checkCurrentPassword(user: IdentityUser, currentPassword: string): Promise<void> {
    if (!user.passwordHash) {
      throw new ValidationError('noPassword', 'currentPassword');
    }
    await signInThrottle.admitAttempt(user.email);
    if (!(await passwordHasher.verify(user.passwordHash, currentPassword))) {
      throw new ValidationError('currentPasswordIncorrect', 'currentPassword');
    }
    await signInThrottle.clear(user.email);
  }

  return {
    /** Adds a rule the password and verification-link sign-ins must pass (`SignInRule`); modules add theirs at start. */
    addSignInRule(rule: SignInRule): void {
      signInRules.push(rule);
    },

    /**
     * Signs a user in whom another module has already authenticated and who cannot have two-step verification
     * yet (an accepted invitation): a new session and its token pair, for `ttlSeconds` (12 hours unless told).
     */
    async issueSession(
      user: IdentityUser,
      context: SignInContext,
      ttlSeconds: number = config.refreshTokenTtlSeconds,
    ): Promise<IssuedTokenPair> {
      return tokenPair(user, await refreshTokens.issue(user.id, ttlSeconds, context));
    },

    /**
     * The link emailed at sign-up has just confirmed the address (its first and only use): its owner is signed in
     * (docs/decisions/0050), unless anything a password sign-in would check stands in the way (suspended, SSO
     * required, two-step verification on), in which case nothing is issued and the person logs in as usual.
     */
    async signInByVerificationLink(
      userId: string,
      context: SignInContext,
    ): Promise<IssuedTokenPair | undefined> {
      const user = await findUserById(database, userId);
      if (!maySignIn(user) || !user.emailVerified) return undefined;
      if (await twoFactor.isEnabled(user.id)) return undefined;
      if (await signInRefusal(user)) return undefined;
      await record(user.id, 'verification-link', 'success', context);
      return tokenPair(user, await refreshTokens.issue(user.id, config.refreshTokenTtlSeconds, context));
    },

    /** SSO's identity provider vouched for the user: signed in, or asked for the two-step code. */
    signInVerifiedUser(user: IdentityUser, context: SignInContext): Promise<LoginResult> {
      return afterFirstStep(user, 'sso', config.refreshTokenTtlSeconds, context);
    },

    recordRefusedAttempt,

    /**
     * `knownDevices`: the browser's valid device cookies; one naming the user the email belongs to takes the
     * attempt out of the account-wide delay into its own (docs/decisions/0029).
     */
    async login(
      { email, password, staySignedIn }: Required<Credentials>,
      context: SignInContext,
      knownDevices: readonly KnownDevice[] = [],
    ): Promise<SignInResult<LoginResult>> {
      const user = await findUserByEmail(database, email);
      const throttle = throttleFor(
        signInThrottle,
        email,
        user && knownDevices.find((device) => device.userId === user.id),
      );
      // Counted and delayed alike for unknown emails, so the delay tells nothing about which addresses exist.
      try {
        await throttle.admit();
      } catch (error) {
        if (user) await record(user.id, 'password', 'throttled', context);
        throw error;
      }
      // Verified even for unknown emails (against a dummy hash) so the answer's timing does not tell them apart.
      const passwordMatches = await passwordHasher.verify(user?.passwordHash, password);
      if (!user) throw new InvalidCredentialsError();
      if (!passwordMatches) {
        await record(user.id, 'password', 'wrong-password', context);
        throw new InvalidCredentialsError();
      }
      // With two-step verification the failures are forgotten only once the code is right too: otherwise each
      // correct password would reset the count and give a thief of the password endless code guesses.
      if (!(await twoFactor.isEnabled(user.id))) await throttle.clear();
      if (user.status !== 'Active') {
        await record(user.id, 'password', 'not-activated', context);
        throw new InvalidCredentialsError();
      }
      // Told only to someone who knows the password, like the unverified address below.
      if (user.suspended) {
        await record(user.id, 'password', 'suspended', context);
        throw new AccountSuspendedError();
      }
      if (!user.emailVerified) {
        await record(user.id, 'password', 'email-not-verified', context);
        throw new EmailNotVerifiedError();
      }
      // A registered rule, such as the organization requiring SSO for this verified domain (docs/decisions/0036):
      // told only to someone who knows the password, who is sent to "Log in with SSO".
      const refusal = await signInRefusal(user);
      if (refusal) throw refusal;
      const ttlSeconds = staySignedIn ? config.staySignedInTtlSeconds : config.refreshTokenTtlSeconds;
      // The organization's password expiration policy (0034): an older password goes to the expired-password page.
      const signingIn = (await expirePasswordIfDue(database, user.id))
        ? { ...user, requiresPasswordChange: true }
        : user;
      const answer = await afterFirstStep(signingIn, 'password', ttlSeconds, context);
      return 'twoFactorRequired' in answer ? { answer } : { answer, signedInUserId: user.id };
    },

    /**
     * The second step: the challenge (5 minutes, 5 codes) and the app's code (each accepted once) or a recovery
     * code (spent). Each try counts toward the account's sign-in throttle, forgotten once it succeeds.
     */
    async completeTwoFactorLogin(
      { challengeToken, code, recoveryCode }: v.InferOutput<typeof TwoFactorLoginInputSchema>,
      context: SignInContext,
      knownDevices: readonly KnownDevice[] = [],
    ): Promise<SignInResult<IssuedTokenPair>> {
      const challenge = await admitTwoFactorChallengeAttempt(database, challengeToken);
      if (!challenge) throw new TwoFactorChallengeInvalidError();
      const user = await findUserById(database, challenge.userId);
      if (!maySignIn(user)) throw new TwoFactorChallengeInvalidError();
      const method: SignInMethod = code !== undefined ? 'two-step-code' : 'recovery-code';
      // A device cookie is only ever issued after a completed sign-in, code included, so it may carry the code
      // step past the account's delay too (else the owner would pass the password and stop at the code).
      const throttle = throttleFor(
        signInThrottle,
        user.email,
        knownDevices.find((device) => device.userId === user.id),
      );
      try {
        await throttle.admit();
      } catch (error) {
        await record(user.id, method, 'throttled', context);
        throw error;
      }
      const proven =
        code !== undefined
          ? await twoFactor.verifyCode(user.id, user.email, code)
          : await twoFactor.spendRecoveryCode(user.id, recoveryCode ?? '');
      if (!proven) {
        await record(
          user.id,
          method,
          method === 'two-step-code' ? 'wrong-two-step-code' : 'wrong-recovery-code',
          context,
        );
        throw new TwoFactorCodeInvalidError(code !== undefined ? 'code' : 'recoveryCode');
      }
      if (!(await spendTwoFactorChallenge(database, challenge.id)))
        throw new TwoFactorChallengeInvalidError();
      await throttle.clear();
      await record(user.id, method, 'success', context);
      const answer = await tokenPair(
        user,
        await refreshTokens.issue(user.id, challenge.sessionTtlSeconds, context),
      );
      return { answer, signedInUserId: user.id };
    },

    async refresh(refreshToken: string): Promise<IssuedTokenPair> {
      const rotation = await refreshTokens.rotate(refreshToken);
      if (rotation.outcome === 'reused') throw new RefreshTokenReusedError();
      if (rotation.outcome === 'invalid') throw new InvalidRefreshTokenError();
      return tokenPair(rotation.user, rotation.refreshToken);
    },

    /**
     * Ends the caller's session (its refresh token stops working, and so does its access token, whose `sid` the
     * bearer check looks up); with `isForced`, every session of the user.
     */
    async logout(caller: Caller, isForced: boolean): Promise<void> {
      if (isForced) await refreshTokens.revokeAllOfUser(caller.id);
      else if (caller.sessionId) await refreshTokens.revokeSession(caller.id, caller.sessionId);
    },

    /**
     * Checks the current password, sets the new one and clears an expired password's flag. Every other session
     * ends; the caller's goes on with a new token pair for a normal-length session (its earlier refresh tokens
     * stop working). The owner is emailed.
     */
    async changePassword(
      caller: Caller,
      { currentPassword, newPassword }: Pick<ChangePasswordInput, 'currentPassword' | 'newPassword'>,
      context: SignInContext,
    ): Promise<IssuedTokenPair> {
      const user = await findUserById(database, caller.id);
      if (!maySignIn(user)) throw new UnauthorizedError();
      await checkCurrentPassword(user, currentPassword);

      const passwordHash = await passwordHasher.hash(newPassword);
      const refreshToken = await database.transaction(async (transaction) => {
        await replacePassword(transaction, user.id, passwordHash, { markEmailVerified: false });
        await refreshTokens.revokeAllOfUser(user.id, transaction, { exceptSessionId: caller.sessionId });
        return caller.sessionId
          ? refreshTokens.reissue(user.id, caller.sessionId, config.refreshTokenTtlSeconds, transaction)
          : undefined;
      });
      // The password is changed either way; failing the request now would only make the user try again.
      await sendLoggingFailure(mailer, passwordChangedNotice(user.email, config.webUrl), log);
      return tokenPair(
        { ...user, requiresPasswordChange: false },
        refreshToken ?? (await refreshTokens.issue(user.id, config.refreshTokenTtlSeconds, context)),
      );
    },

    /** Turning two-step verification off needs the current password (checked and throttled as above). */
    async disableTwoFactor(userId: string, currentPassword: string): Promise<void> {
      const user = await findUserById(database, userId);
      if (!maySignIn(user)) throw new UnauthorizedError();
      if (!(await twoFactor.isEnabled(user.id))) {
        throw new TwoFactorStateConflictError('notEnabled');
      }
      await checkCurrentPassword(user, currentPassword);
      await twoFactor.disable(user.id);
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
