import { formatDate } from '@dcipher/shared/format';
import { theme } from '@dcipher/shared/ui';
import { Link } from 'gatsby';
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import { ResponsiveImage } from './responsive-image';

export interface ContentCardProps {
  path: string;
  title: string;
  abstract: string;
  displayDate: string;
  meta?: string;
  image?: IGatsbyImageData | undefined;
  imageAlt?: string | null;
  /** The first cards of a list are above the fold: load their images eagerly. */
  eager?: boolean;
}

export function ContentCard({
  path,
  title,
  abstract,
  displayDate,
  meta,
  image,
  imageAlt,
  eager,
}: ContentCardProps) {
  return (
    <article
      css={{
        display: 'flex',
        flexDirection: 'column',
        border: `1px solid ${theme.colors.border}`,
        borderRadius: '12px',
        overflow: 'hidden',
        background: theme.colors.surface,
        position: 'relative',
        '&:focus-within': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 2 },
      }}
    >
      {image ? (
        <ResponsiveImage
          image={image}
          alt={imageAlt ?? ''}
          loading={eager ? 'eager' : 'lazy'}
          css={{ aspectRatio: '1200 / 630' }}
        />
      ) : null}
      <div
        css={{ padding: '1.25rem 1.5rem 1.5rem', display: 'flex', flexDirection: 'column', gap: '0.5rem' }}
      >
        <p css={{ margin: 0, color: theme.colors.muted, fontSize: '0.9rem' }}>
          <time dateTime={displayDate}>{formatDate(displayDate)}</time>
          {meta ? ` · ${meta}` : null}
        </p>
        <h2 css={{ fontSize: '1.2rem', margin: 0, lineHeight: 1.3 }}>
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
        <p css={{ margin: 0, color: theme.colors.muted }}>{abstract}</p>
      </div>
    </article>
  );
}
