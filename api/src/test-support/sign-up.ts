import type { RegistrationInput } from '@dcipher/shared/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Queryable } from '../db/database.js';
import { findLinksInEmail, latestEmailTo } from './read-outbox.js';
import { solveCaptcha } from './solve-captcha.js';

/** A sign-up body as a test sends it: the form's fields, any of them left out or wrong on purpose. */
export type SignUpBody = { [Field in keyof RegistrationInput]?: unknown };

/** A complete, valid sign-up of an individual; tests override what they are about. */
export function individualSignUp(overrides: SignUpBody = {}): SignUpBody {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    password: 'Harbour-Lights-2026',
    customerType: 'Individual',
    termsAccepted: true,
    ...overrides,
  };
}

/**
 * Posts the sign-up form with a freshly solved captcha (unless the body brings its own `captcha`), from
 * `remoteAddress`, so a test's sign-ups count towards its own per-IP limit only.
 */
export async function signUp(
  app: FastifyInstance,
  body: SignUpBody,
  remoteAddress: string,
): Promise<LightMyRequestResponse> {
  const captcha = 'captcha' in body ? body.captcha : await solveCaptcha(app);
  return app.inject({ method: 'POST', url: '/register', payload: { ...body, captcha }, remoteAddress });
}

/** The verification token in the newest email to `email`; fails the test when there is none. */
export async function verificationTokenFor(database: Queryable, email: string): Promise<string> {
  const message = await latestEmailTo(database, email);
  const link = findLinksInEmail(message).find((url) => url.includes('/verify-email?token='));
  if (!link) throw new Error(`the newest email to ${email} has no verification link`);
  return new URL(link).searchParams.get('token') ?? '';
}
