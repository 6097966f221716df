import { customerLogoBox } from '@dcipher/shared/domain';
import { formatDate } from '@dcipher/shared/format';
import { theme } from '@dcipher/shared/ui';
import { Link } from 'gatsby';
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import { ResponsiveImage } from './responsive-image';

/** The customer a success story is about, as the GraphQL layer gives it (ContentArticle.customerLogo). */
export interface StoryCustomer {
  name: string;
  imageAlt: string;
  renderWidth: number | null;
  renderHeight: number;
  imageFile: { childImageSharp: { gatsbyImageData: IGatsbyImageData } | null } | null;
}

/** The customer's logo in the logo box; its name in words when there is no image. */
export function StoryLogo({ customer }: { customer: StoryCustomer }) {
  const image = customer.imageFile?.childImageSharp?.gatsbyImageData;
  return (
    <div
      css={{
        width: customerLogoBox.width,
        height: customerLogoBox.height,
        display: 'flex',
        alignItems: 'center',
        fontWeight: 700,
        color: theme.colors.ink,
      }}
    >
      {image ? (
        <ResponsiveImage
          image={image}
          alt={customer.imageAlt}
          style={{ width: customer.renderWidth ?? 'auto', height: customer.renderHeight }}
          fit="contain"
        />
      ) : (
        customer.name
      )}
    </div>
  );
}

/** The result in a few words, large: the first thing a reader of a story sees. */
export function HeadlineFigure({ children }: { children: string }) {
  return (
    <p
      css={{
        margin: 0,
        fontSize: 'clamp(1.35rem, 2.5vw, 1.65rem)',
        lineHeight: 1.2,
        fontWeight: 800,
        color: theme.colors.brandDark,
        overflowWrap: 'anywhere',
      }}
    >
      {children}
    </p>
  );
}

/**
 * A customer success story in a list: the customer's logo and the headline figure lead, then the title; no cover
 * picture and no reading time, so a story reads as a result, not as one more blog post.
 */
export function StoryCard({
  path,
  title,
  displayDate,
  customer,
  headlineFigure,
}: {
  path: string;
  title: string;
  displayDate: string;
  customer: StoryCustomer | null;
  headlineFigure: string | null;
}) {
  return (
    <article
      css={{
        display: 'flex',
        flexDirection: 'column',
        gap: '0.9rem',
        border: `1px solid ${theme.colors.border}`,
        borderTop: `4px solid ${theme.colors.brand}`,
        borderRadius: '12px',
        padding: '1.5rem',
        background: theme.colors.surface,
        minWidth: 0,
        '&:focus-within': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 2 },
      }}
    >
      {customer ? <StoryLogo customer={customer} /> : null}
      {headlineFigure ? <HeadlineFigure>{headlineFigure}</HeadlineFigure> : null}
      <h2 css={{ fontSize: '1.1rem', margin: 0, lineHeight: 1.35, fontWeight: 600 }}>
        <Link
          to={path}
          css={{
            color: theme.colors.ink,
            textDecoration: 'none',
            '&:hover': { textDecoration: 'underline' },
            '&:focus-visible': { outline: 'none' },
          }}
        >
          {title}
        </Link>
      </h2>
      <p css={{ margin: 'auto 0 0', color: theme.colors.muted, fontSize: '0.9rem' }}>
        {customer ? `${customer.name} · ` : null}
        <time dateTime={displayDate}>{formatDate(displayDate)}</time>
      </p>
    </article>
  );
}
