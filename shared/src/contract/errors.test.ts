import { errorCatalogue } from '../validation/messages.js';
import { errorCodes, errorDefinitions, isErrorCode } from './errors.js';

describe('the error code table', () => {
  it('gives every code a status and a message', () => {
    expect(Object.keys(errorDefinitions).sort()).toEqual(Object.values(errorCodes).sort());
    for (const [code, { status, message }] of Object.entries(errorDefinitions)) {
      const clientOnly = code === errorCodes.network || code === errorCodes.invalidResponse;
      expect(clientOnly ? status === 0 : status >= 400 && status < 600).toBe(true);
      expect(message.length).toBeGreaterThan(0);
    }
  });

  it("takes the spec catalogue's texts where it has them", () => {
    expect(errorDefinitions.INVALID_CREDENTIALS).toEqual({
      status: 401,
      message: errorCatalogue.invalidEmailOrPassword,
    });
    expect(errorDefinitions.PASSWORD_CHANGE_REQUIRED.message).toBe(errorCatalogue.passwordExpired);
    expect(errorDefinitions.INTERNAL).toEqual({ status: 500, message: errorCatalogue.serverError });
  });

  it('tells declared codes from anything else', () => {
    expect(isErrorCode('FORBIDDEN')).toBe(true);
    expect(isErrorCode('SOMETHING_NEWER')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});
