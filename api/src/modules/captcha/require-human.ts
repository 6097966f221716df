import type { captchaField } from '@dcipher/shared/contract';
import { ValidationError } from '../../http/api-error.js';
import type { CaptchaVerifier } from './captcha-verifier.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Refuses a request whose captcha solution (the body's `captcha` field) is missing, malformed, wrong, expired
     * or already used, with a 400 "Please verify that you are a human"; a good solution is spent. Decorated by
     * createServer; call it in a handler before doing anything the captcha guards.
     */
    requireHuman(payload: unknown): Promise<void>;
  }
}

const fieldName: keyof typeof captchaField = 'captcha';

export function createRequireHuman(verifier: CaptchaVerifier): (payload: unknown) => Promise<void> {
  return async (payload) => {
    const verification = await verifier.verify(payload);
    if (!verification.verified) {
      // One message whatever the reason: a bot learns nothing, and the visitor's remedy is the same.
      throw new ValidationError('captcha', fieldName);
    }
  };
}
