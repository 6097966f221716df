// Signed, expiring draft-preview links, shared by the CMS's preview button (infra/cms/config/admin.js, CommonJS
// copy of `signPreview`) and the publisher's preview server. docs/decisions/0046.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The signature of one preview: which entry, until when (unix seconds). */
export function signPreview(secret, { type, documentId, expires }) {
  return createHmac('sha256', secret).update(`preview:${type}:${documentId}:${expires}`).digest('hex');
}

/** A cookie value letting its holder browse the preview site until `expires`. */
export function signSession(secret, expires) {
  return `${expires}.${createHmac('sha256', secret).update(`session:${expires}`).digest('hex')}`;
}

const equal = (a, b) => {
  const left = Buffer.from(String(a));
  const right = Buffer.from(String(b));
  return left.length === right.length && timingSafeEqual(left, right);
};

/** True when the link is this secret's and has not expired. */
export function verifyPreview(secret, { type, documentId, expires, signature }, now = Date.now()) {
  const until = Number(expires);
  if (!Number.isSafeInteger(until) || until * 1000 < now) return false;
  if (!/^[a-z-]+$/.test(type ?? '') || !/^[a-z0-9]+$/i.test(documentId ?? '')) return false;
  return equal(signature, signPreview(secret, { type, documentId, expires: until }));
}

export function verifySession(secret, value, now = Date.now()) {
  const [expires] = String(value ?? '').split('.');
  const until = Number(expires);
  if (!Number.isSafeInteger(until) || until * 1000 < now) return false;
  return equal(value, signSession(secret, until));
}
