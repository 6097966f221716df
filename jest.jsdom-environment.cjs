// jsdom lacks the Fetch API, TextEncoder and WebCrypto that the shared client and jose use; lend Node's, as
// browsers have them. (The same idea as the jest-fixed-jsdom package, without the extra dependency.)
const { TestEnvironment } = require('jest-environment-jsdom');

class BrowserLikeEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    Object.assign(this.global, {
      TextEncoder,
      TextDecoder,
      fetch,
      Request,
      Response,
      Headers,
      FormData,
      AbortController,
      AbortSignal,
      ReadableStream,
      structuredClone,
      crypto: globalThis.crypto,
      CryptoKey: globalThis.CryptoKey,
    });
  }
}

module.exports = BrowserLikeEnvironment;
