/** Line breaks of every kind: in a subject they would start a header, in the text part a line of the sender's. */
const lineBreaks = /[\r\n\v\f\u0085\u2028\u2029]+/gu;
/**
 * Bidirectional embeddings, overrides, isolates and marks: they make a name read as something else ("U+202E
 * gnp.exe" shows as "exe.png") and can reorder the sentence around it.
 */
const bidiControls = /\p{Bidi_Control}/gu;
/** The other C0 and C1 control characters (tab included, as a space), which no name or sentence needs. */
const controlCharacters = /\p{Cc}/gu;

/**
 * Text as it may go into an email: one line, without control characters or bidirectional controls, spaces
 * collapsed. Names and every other text customers type reach subjects and bodies; the mailer layer applies this to
 * every subject (the outbox mailer) and every text of a body (`renderEmailLayout`), so no email can forget it
 * (docs/decisions/0057).
 */
export function toEmailText(text: string): string {
  return text
    .replace(bidiControls, '')
    .replace(lineBreaks, ' ')
    .replace(controlCharacters, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}
