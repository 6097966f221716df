export {
  type BrowserConfig,
  browserConfigVariables,
  ConfigError,
  readBrowserConfig,
} from './browser-config.js';
export { type EnvironmentName, environmentNames, environments } from './environments.js';
