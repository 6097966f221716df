import { companyContacts, companyName, defaultDescription } from '@dcipher/shared/domain';
import { theme } from '@dcipher/shared/ui';
import { openConsentChoices } from '../app-shell/consent-banner';
import { NavAnchor } from './nav-anchor';
import { footerColumns } from './site-links';

const footerLink = {
  color: theme.colors.ink,
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
  '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 2 },
};

export function SiteFooter() {
  return (
    <footer
      css={{
        padding: `3rem ${theme.layout.gutter} 2rem`,
        borderTop: `1px solid ${theme.colors.border}`,
        background: theme.colors.canvas,
        color: theme.colors.ink,
      }}
    >
      <div
        css={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(11rem, 1fr))', gap: '2rem' }}
      >
        {footerColumns.map((column) => (
          <nav key={column.heading} aria-label={column.heading}>
            <h2 css={{ fontSize: '1rem', margin: '0 0 0.75rem' }}>{column.heading}</h2>
            <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.5rem' }}>
              {column.links.map((link) => (
                <li key={link.to}>
                  <NavAnchor link={link} css={footerLink} />
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div>
          <h2 css={{ fontSize: '1rem', margin: '0 0 0.75rem' }}>Get in touch</h2>
          <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.5rem' }}>
            <li>
              <a href={`mailto:${companyContacts.infoEmail}`} css={footerLink}>
                {companyContacts.infoEmail}
              </a>
            </li>
            <li>
              <a
                href={`tel:${companyContacts.supportPhone.replace(/\s/g, '')}`}
                css={{ ...footerLink, whiteSpace: 'nowrap' }}
              >
                {companyContacts.supportPhone}
              </a>
            </li>
            <li>
              <a href={companyContacts.socialProfileUrl} rel="noopener noreferrer" css={footerLink}>
                {companyName} on LinkedIn
              </a>
            </li>
          </ul>
        </div>
      </div>
      <p css={{ marginTop: '2.5rem', fontSize: '0.9rem' }}>
        © {new Date().getFullYear()} {companyName}. {defaultDescription}.{' '}
        <button
          type="button"
          onClick={openConsentChoices}
          css={{
            ...footerLink,
            background: 'none',
            border: 'none',
            padding: 0,
            font: 'inherit',
            cursor: 'pointer',
          }}
        >
          Privacy choices
        </button>
      </p>
    </footer>
  );
}
