import type { CaptchaChallenge } from '@dcipher/shared/contract';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance } from 'fastify';

/** What the widget does in the browser: solves the challenge and encodes the payload it puts in the form. */
export async function solveCaptchaChallenge(challenge: CaptchaChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the captcha challenge could not be solved');
  return btoa(JSON.stringify({ challenge, solution }));
}

/** Fetches a challenge from the API and solves it: the `captcha` value of a form body in tests. */
export async function solveCaptcha(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/captcha/challenge' });
  if (response.statusCode !== 200)
    throw new Error(`no captcha challenge: ${response.statusCode} ${response.body}`);
  return solveCaptchaChallenge(response.json<CaptchaChallenge>());
}
