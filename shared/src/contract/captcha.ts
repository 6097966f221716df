import * as v from 'valibot';
import { validationMessages } from '../validation/messages.js';
import { defineEndpoint } from './endpoint.js';

/**
 * An ALTCHA proof-of-work challenge (PoW v2, the format of the `altcha` 3.x widget and `altcha-lib` 2.x): the
 * browser derives keys from `nonce` + counter until one starts with `keyPrefix`, and sends back the counter. The
 * `signature` (HMAC over the parameters) lets the API check the challenge is its own without storing it.
 */
export const CaptchaChallengeSchema = v.object({
  parameters: v.object({
    algorithm: v.string(),
    nonce: v.string(),
    salt: v.string(),
    cost: v.number(),
    keyLength: v.number(),
    keyPrefix: v.string(),
    /** Seconds since the epoch after which the API refuses a solution. */
    expiresAt: v.number(),
  }),
  signature: v.string(),
});
export type CaptchaChallenge = v.InferOutput<typeof CaptchaChallengeSchema>;

/**
 * Longest solution payload accepted. The widget's payload (the challenge echoed back plus the solution, as
 * base64 JSON) is under 1 000 characters; the bound keeps junk out of the verifier.
 */
export const captchaPayloadMaxLength = 4000;

/**
 * The solved captcha as a form sends it: the base64 payload the widget puts in its hidden `altcha` input. Only
 * its presence is checked here (the browser cannot judge a solution); the API verifies it. Left out reads as
 * empty, so a body without the field gets the captcha message rather than "This field is required".
 */
export const CaptchaPayloadSchema = v.pipe(
  v.optional(v.string(validationMessages.captcha), ''),
  v.nonEmpty(validationMessages.captcha),
  v.maxLength(captchaPayloadMaxLength, validationMessages.captcha),
);

/** The field a body carries the captcha in; spread into the body schema of a form that asks for one. */
export const captchaField = { captcha: CaptchaPayloadSchema };

export const getCaptchaChallenge = defineEndpoint({
  operation: 'getCaptchaChallenge',
  errors: [],
  summary: 'A fresh proof-of-work challenge for the captcha widget (valid 10 minutes, usable once)',
  method: 'GET',
  path: '/captcha/challenge',
  auth: 'public',
  response: CaptchaChallengeSchema,
});
