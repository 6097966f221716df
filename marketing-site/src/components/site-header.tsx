import { useAuth } from '@dcipher/shared/auth';
import { productName } from '@dcipher/shared/domain';
import { theme } from '@dcipher/shared/ui';
import { Link } from 'gatsby';

const linkStyle = {
  color: theme.colors.ink,
  fontWeight: 600,
  textDecoration: 'none',
  padding: '0.5rem 0.75rem',
  borderRadius: theme.radius,
  '&:hover': { background: theme.colors.canvas },
  '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 2 },
};

export function SiteHeader() {
  const signedIn = useAuth((state) => state.status === 'authenticated');
  return (
    <header
      css={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        padding: '1rem clamp(1rem, 4vw, 3rem)',
        borderBottom: `1px solid ${theme.colors.border}`,
        background: theme.colors.surface,
      }}
    >
      <Link to="/" css={{ ...linkStyle, fontSize: '1.3rem', color: theme.colors.brand }}>
        {productName}
      </Link>
      <nav aria-label="Account">
        {signedIn ? (
          <Link to="/account" css={linkStyle}>
            My account
          </Link>
        ) : (
          <Link to="/login" css={linkStyle}>
            Log in
          </Link>
        )}
      </nav>
    </header>
  );
}
