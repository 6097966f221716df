import type { GatsbySSR } from 'gatsby';
import { SiteShell } from './src/app-shell/site-shell';

export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setHtmlAttributes }) => {
  setHtmlAttributes({ lang: 'en' });
};

export const wrapPageElement: GatsbySSR['wrapPageElement'] = ({ element }) => (
  <SiteShell>{element}</SiteShell>
);
