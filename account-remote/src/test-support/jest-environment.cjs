// The repository's browser-like jsdom environment, plus what MSW's Node interception (the tests' API,
// test-support/contract-api.ts) expects of a browser that jsdom lacks: Node's own, as browsers have them.
const BrowserLikeEnvironment = require('../../../jest.jsdom-environment.cjs');

class WithMswEnvironment extends BrowserLikeEnvironment {
  constructor(config, context) {
    super(config, context);
    Object.assign(this.global, {
      BroadcastChannel,
      TransformStream,
      WritableStream,
      TextDecoderStream,
      TextEncoderStream,
    });
  }
}

module.exports = WithMswEnvironment;
