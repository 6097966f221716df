import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { SiteHeader } from '../components/site-header';
import { menuPressHead, menuPressScript } from './menu-press-head';

// The head's script runs once, as in a page; each test gives the page the header's server HTML again.
beforeAll(() => {
  new Function('document', menuPressScript())(document);
});
afterEach(() => {
  for (const name of ['data-menu-open', 'data-header-live']) document.documentElement.removeAttribute(name);
  document.body.innerHTML = '';
});

/** The header's server HTML, before the page has hydrated, as a phone has it while the page's scripts load. */
function pageBeforeHydration() {
  document.body.innerHTML = renderToString(<SiteHeader />);
  const menu = [...document.querySelectorAll('button')].find((button) =>
    button.textContent?.includes('Menu'),
  );
  if (!menu) throw new Error('no Menu button');
  const press = (target: Element = menu) => target.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  const key = (name: string) =>
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true }));
  return { page: document, menu, press, key, root: document.documentElement };
}

describe("every page's head: the phone's Menu button answers before the page's scripts have run (decision 0137)", () => {
  it('a press on the button, or on its label, opens the menu and a second closes it', () => {
    const { menu, press, root } = pageBeforeHydration();
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    press(menu.lastElementChild ?? menu);
    expect(root.hasAttribute('data-menu-open')).toBe(true);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    press();
    expect(root.hasAttribute('data-menu-open')).toBe(false);
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });

  it('Escape closes an open menu and puts focus on the button', () => {
    const { page, menu, press, key, root } = pageBeforeHydration();
    press();
    key('Escape');
    expect(root.hasAttribute('data-menu-open')).toBe(false);
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(page.activeElement).toBe(menu);
  });

  it('a press anywhere else does nothing, and once the header is live the script leaves the button to it', () => {
    const { page, menu, press, root } = pageBeforeHydration();
    press(page.body);
    expect(root.hasAttribute('data-menu-open')).toBe(false);
    root.setAttribute('data-header-live', '');
    press();
    expect(root.hasAttribute('data-menu-open')).toBe(false);
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });

  it('is one inline script in the head of every page', () => {
    expect(renderToStaticMarkup(menuPressHead())).toBe(`<script>${menuPressScript()}</script>`);
  });
});
