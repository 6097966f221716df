import { routes } from '@dcipher/shared/routes';
import { authPageHead, publicReadPage } from '../../remote/auth-page';

/**
 * A public workflow's page (`/shared/workflow?id=…`): what the sharing screens' public link opens, readable signed
 * in or out (docs/decisions/0128). The remote's AuthApp draws it; a shared customer's data stays out of search
 * results.
 */
export default publicReadPage(routes.sharedWorkflow);
export const Head = authPageHead(routes.sharedWorkflow.title);
