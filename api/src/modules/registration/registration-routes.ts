import { contract } from '@dcipher/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.js';
import type { RateLimiter, RateLimitRule } from '../abuse/rate-limiter.js';
import { signInContextOf } from '../identity/device-label.js';
import type { RegistrationService } from './registration-service.js';

const endpoints = contract.registration;

/**
 * Sign-ups: 5 per IP address per hour. A person signs up once; 5 leaves room for a few colleagues behind one
 * office address and for mistakes, while each attempt also costs a solved captcha.
 */
export const registrationLimit: RateLimitRule = {
  bucket: endpoints.register.operation,
  limit: 5,
  windowSeconds: 60 * 60,
};

/**
 * Asking for a new verification link: 10 per IP address per hour (a 429). Each address also gets at most 3
 * sign-up emails an hour, which is not shown (see `signUpEmailsPerAddressLimit`).
 */
export const sendConfirmationLimit: RateLimitRule = {
  bucket: endpoints.sendConfirmation.operation,
  limit: 10,
  windowSeconds: 60 * 60,
};

/**
 * Quick registration from a marketing call to action: 10 per IP address per hour (a 429). Each address also gets
 * at most 3 sign-up emails an hour, silently (`signUpEmailsPerAddressLimit`, shared with the other sign-up emails).
 */
export const quickRegistrationLimit: RateLimitRule = {
  bucket: endpoints.quickRegister.operation,
  limit: 10,
  windowSeconds: 60 * 60,
};

export function registerRegistrationRoutes(
  app: FastifyInstance,
  registration: RegistrationService,
  rateLimiter: RateLimiter,
): void {
  registerEndpoint(app, endpoints.register, async ({ body }, { request }) => {
    await app.requireHuman(body.captcha);
    await rateLimiter.consume(registrationLimit, request.ip);
    return registration.register(body);
  });

  registerEndpoint(app, endpoints.verifyEmail, ({ body }, { request }) =>
    registration.verifyEmail(body.token, signInContextOf(request)),
  );

  registerEndpoint(
    app,
    endpoints.sendConfirmation,
    async ({ body }) => {
      return registration.sendConfirmation(body.email);
    },
    { rateLimits: [{ ...sendConfirmationLimit, per: 'ip' }] },
  );

  registerEndpoint(
    app,
    endpoints.quickRegister,
    async ({ body }) => {
      return registration.quickRegister(body.email);
    },
    { rateLimits: [{ ...quickRegistrationLimit, per: 'ip' }] },
  );
}
