/**
 * Moves keyboard focus to the first field a form's validation refused, in page order, so keyboard and
 * screen-reader users land on what to fix. `root` narrows the search to one form (a page may hold several). A
 * custom control without a `name` (a captcha widget) marks its focusable wrapper with `data-field-name`.
 */
export function focusFirstInvalidField(
  errors: Readonly<Record<string, unknown>>,
  root: ParentNode | null = document,
): void {
  const names = new Set(Object.keys(errors));
  if (names.size === 0 || !root) return;
  for (const element of root.querySelectorAll<HTMLElement>('[name], [data-field-name]')) {
    if (names.has(element.dataset.fieldName ?? element.getAttribute('name') ?? '')) {
      element.focus();
      return;
    }
  }
}
