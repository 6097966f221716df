import { ConfigError, loadConfig } from './config.js';
import { defaultRetiredKeyLifetimeSeconds, rotateSigningKeys } from './modules/identity/signing-keys.js';

/**
 * Signing-key rotation (docs/decisions/0074), on the keys directory the configuration names (`<DATA_DIR>/keys`):
 *
 *   pnpm --filter @dcipher/api keys rotate
 *
 * A new RS256 pair becomes the current key; the old one is retired: it stays in the JWKS and verifies the tokens
 * it signed until they have expired (a day and five minutes), then the next rotation deletes it. Running API
 * processes that share the directory sign with the new key within five seconds; none has to restart.
 */
const [command] = process.argv.slice(2);
if (command !== 'rotate') {
  console.error('Usage: keys rotate');
  process.exit(2);
}
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
if (!config.keysDir) {
  console.error('No keys directory: set DATA_DIR (the keys are kept in <DATA_DIR>/keys).');
  process.exit(1);
}
const { kid, retiredKid, deleted } = await rotateSigningKeys(config.keysDir);
console.log(`New signing key: ${kid}`);
console.log(
  `Retired: ${retiredKid} (verifies for ${Math.round(defaultRetiredKeyLifetimeSeconds / 3600)} more hours, listed in the JWKS until then)`,
);
if (deleted.length > 0) console.log(`Deleted, past their time: ${deleted.join(', ')}`);
console.log('Running API processes sign with the new key within 5 seconds.');
