import { startAuth } from './src/auth/start-auth';

// One auth store for the whole page: configured here, shared with the remote as a federation singleton.
export const onClientEntry = () => {
  startAuth();
};
