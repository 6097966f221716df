import { companyContacts, productName } from '@dcipher/shared/domain';
import { theme } from '@dcipher/shared/ui';

export const maintenanceCopy = {
  header: "We'll be back soon",
  messages: ['Scheduled maintenance in progress.', 'We will be back in a couple of hours.'],
} as const;

/**
 * The full-screen maintenance screen: the product's name as title, a header and the two messages of the spec.
 * It renders its own `<main>`, because it replaces the whole site (render it inside `<Layout bare>` or instead
 * of the layout when the maintenance flag is on).
 */
export function MaintenanceNotice() {
  return (
    <main
      id="main-content"
      css={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        padding: '2rem clamp(1rem, 6vw, 5rem)',
        background: theme.colors.canvas,
        textAlign: 'center',
      }}
    >
      <div
        css={{
          maxWidth: '34rem',
          width: '100%',
          padding: 'clamp(2rem, 6vw, 3rem)',
          background: theme.colors.surface,
          border: `1px solid ${theme.colors.border}`,
          borderRadius: '16px',
        }}
      >
        <svg
          aria-hidden="true"
          width="56"
          height="56"
          viewBox="0 0 56 56"
          css={{ display: 'block', margin: '0 auto 1.25rem' }}
        >
          <circle cx="28" cy="28" r="27" fill={theme.colors.canvas} stroke={theme.colors.border} />
          <path
            d="M34.5 17.5a8 8 0 0 0-10.3 10.3L15.5 36.5a2.8 2.8 0 0 0 4 4l8.7-8.7a8 8 0 0 0 10.3-10.3l-4.6 4.6-3.5-.5-.5-3.5z"
            fill="none"
            stroke={theme.colors.brand}
            strokeWidth="2.4"
            strokeLinejoin="round"
          />
        </svg>
        <p
          css={{
            margin: '0 0 0.5rem',
            fontSize: '1.1rem',
            fontWeight: 700,
            letterSpacing: '0.06em',
            color: theme.colors.brandDark,
          }}
        >
          {productName}
        </p>
        <h1 css={{ fontSize: 'clamp(1.8rem, 5vw, 2.5rem)', lineHeight: 1.2, margin: '0 0 1rem' }}>
          {maintenanceCopy.header}
        </h1>
        {maintenanceCopy.messages.map((message) => (
          <p key={message} css={{ margin: '0 0 0.5rem', fontSize: '1.15rem', color: theme.colors.ink }}>
            {message}
          </p>
        ))}
        <p css={{ margin: '1.5rem 0 0', fontSize: '0.95rem', color: theme.colors.muted }}>
          Something urgent? Email{' '}
          <a href={`mailto:${companyContacts.supportEmail}`}>{companyContacts.supportEmail}</a> or call{' '}
          <a href={`tel:${companyContacts.supportPhone.replace(/\s/g, '')}`} css={{ whiteSpace: 'nowrap' }}>
            {companyContacts.supportPhone}
          </a>
          .
        </p>
      </div>
    </main>
  );
}
