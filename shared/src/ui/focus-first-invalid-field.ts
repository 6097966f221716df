/**
 * Moves keyboard focus to the first field a form's validation refused (errors in the form's field order, as
 * `validateForm` gives them), so keyboard and screen-reader users land on what to fix.
 */
export function focusFirstInvalidField(errors: Readonly<Record<string, string>>): void {
  const first = Object.keys(errors)[0];
  if (first) document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
}
