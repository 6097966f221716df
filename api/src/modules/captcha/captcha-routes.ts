import { contract } from '@dcipher/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.js';
import type { CaptchaVerifier } from './captcha-verifier.js';

export function registerCaptchaRoutes(app: FastifyInstance, verifier: CaptchaVerifier): void {
  registerEndpoint(app, contract.captcha.getCaptchaChallenge, async (_input, { reply }) => {
    // Each visitor needs a challenge of their own: a cached one would be solved once and then refused as replayed.
    reply.header('cache-control', 'no-store');
    return verifier.createChallenge();
  });
}
