import type { IGatsbyImageData } from 'gatsby-plugin-image';
import type { CSSProperties } from 'react';

export interface ResponsiveImageProps {
  image: IGatsbyImageData;
  alt: string;
  /** Above-the-fold images load at once; the rest when they scroll near. */
  loading?: 'eager' | 'lazy';
  className?: string;
  style?: CSSProperties;
  /** `contain` for logos (never cropped); photos fill their box. */
  fit?: 'cover' | 'contain';
}

/**
 * Renders gatsby-plugin-image's processed image data (AVIF/WebP sources, srcset per breakpoint, intrinsic size) as
 * a plain <picture>. gatsby-plugin-image's own <GatsbyImage> ships react-dom/server to the browser (~23 KB gzipped)
 * for its placeholder trick; native lazy loading, width/height attributes and a background colour give the same
 * result without it. See docs/decisions/0014-site-performance.md.
 */
export function ResponsiveImage({
  image,
  alt,
  loading = 'lazy',
  className,
  style,
  fit = 'cover',
}: ResponsiveImageProps) {
  const { fallback, sources = [] } = image.images;
  return (
    <picture className={className} style={{ display: 'block', ...style }}>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <img
        src={fallback?.src}
        srcSet={fallback?.srcSet}
        sizes={fallback?.sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={loading}
        decoding="async"
        style={{
          display: 'block',
          width: '100%',
          height: image.layout === 'fixed' ? '100%' : 'auto',
          maxWidth: '100%',
          objectFit: fit,
          backgroundColor: image.backgroundColor,
        }}
      />
    </picture>
  );
}
