import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';

/**
 * Renders a screen and waits for its lazily loaded code (every screen is a `React.lazy` chunk), as a browser
 * would before the user sees it.
 */
export async function renderScreen(ui: ReactElement): Promise<ReturnType<typeof render>> {
  let result: ReturnType<typeof render> | undefined;
  await act(async () => {
    result = render(ui);
  });
  return result as ReturnType<typeof render>;
}
