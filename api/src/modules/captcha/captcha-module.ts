import { apiModule } from '../../http/api-module.js';
import { registerCaptchaRoutes } from './captcha-routes.js';
import type { CaptchaVerifier } from './captcha-verifier.js';
import { createCaptchaVerifier } from './create-captcha-verifier.js';
import { createRequireHuman } from './require-human.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The proof-of-work captcha (ALTCHA): challenges and their one-time verification. */
    captcha: CaptchaVerifier;
  }
}

/**
 * The captcha: challenges, and `requireHuman` for the forms it guards. It creates the secret other keys derive
 * from when there is none yet (the device cookie's, the unsubscribe links'), so those modules depend on it.
 */
export const captchaModule = apiModule({
  name: 'captcha',
  provide: async (app) => {
    const captcha = await createCaptchaVerifier(app.config, app.database);
    app.decorate('captcha', captcha);
    app.decorate('requireHuman', createRequireHuman(captcha));
  },
  routes: (scope) => registerCaptchaRoutes(scope, scope.captcha),
});
