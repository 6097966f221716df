import * as v from 'valibot';
import { validateForm } from '../validation/field-errors.js';
import { CaptchaPayloadSchema, captchaField, captchaPayloadMaxLength } from './captcha.js';

const message = 'Please verify that you are a human';

describe('captcha field', () => {
  it.each([
    ['an empty payload', ''],
    ['no payload', undefined],
    ['a payload that is not text', 42],
  ])('asks the visitor to verify for %s', (_case, captcha) => {
    const result = v.safeParse(CaptchaPayloadSchema, captcha);
    expect(result.success).toBe(false);
    expect(result.issues?.map((issue) => issue.message)).toEqual([message]);
  });

  it('gives the message under the field name when spread into a form schema', () => {
    const schema = v.object({ ...captchaField });
    expect(validateForm(schema, {})).toEqual({ success: false, errors: { captcha: message } });
    expect(validateForm(schema, { captcha: '' })).toEqual({ success: false, errors: { captcha: message } });
  });

  it('accepts a payload and refuses an oversized one', () => {
    expect(v.is(CaptchaPayloadSchema, 'eyJjaGFsbGVuZ2UiOnt9fQ==')).toBe(true);
    expect(v.is(CaptchaPayloadSchema, 'a'.repeat(captchaPayloadMaxLength + 1))).toBe(false);
  });
});
