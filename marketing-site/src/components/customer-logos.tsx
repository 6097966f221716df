import { logoRenderSize } from '@dcipher/shared/content';
import { customerLogoBox } from '@dcipher/shared/domain';
import { theme } from '@dcipher/shared/ui';
import { graphql, useStaticQuery } from 'gatsby';
import { GatsbyImage, type IGatsbyImageData } from 'gatsby-plugin-image';

interface LogoNode {
  name: string;
  imageHeight: number;
  imageAlt: string;
  imageWidth: number | null;
  imageIntrinsicHeight: number | null;
  imageFile: { childImageSharp: { gatsbyImageData: IGatsbyImageData } | null } | null;
}

/** Customer logos, ascending by CMS priority, each drawn at its height inside the 140x52 box. */
export function CustomerLogos() {
  const data = useStaticQuery<{ allContentCustomerLogo: { nodes: LogoNode[] } }>(graphql`
    query CustomerLogos {
      allContentCustomerLogo(sort: [{ priority: ASC }, { name: ASC }]) {
        nodes {
          name
          imageHeight
          imageAlt
          imageWidth
          imageIntrinsicHeight
          imageFile {
            childImageSharp {
              gatsbyImageData(height: 52, layout: FIXED, placeholder: NONE)
            }
          }
        }
      }
    }
  `);
  const logos = data.allContentCustomerLogo.nodes;
  if (logos.length === 0) return null;
  return (
    <ul
      aria-label="Customers"
      css={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'center',
        gap: '1.5rem 2.5rem',
        listStyle: 'none',
        padding: 0,
        margin: 0,
      }}
    >
      {logos.map((logo) => {
        const image = logo.imageFile?.childImageSharp?.gatsbyImageData;
        const size = logoRenderSize({
          imageHeight: logo.imageHeight,
          image: {
            ...(logo.imageWidth ? { width: logo.imageWidth } : {}),
            ...(logo.imageIntrinsicHeight ? { height: logo.imageIntrinsicHeight } : {}),
          },
        });
        return (
          <li
            key={logo.name}
            css={{
              width: customerLogoBox.width,
              height: customerLogoBox.height,
              display: 'grid',
              placeItems: 'center',
              color: theme.colors.muted,
            }}
          >
            {image ? (
              <GatsbyImage
                image={image}
                alt={logo.imageAlt}
                style={{ width: size.width ?? 'auto', height: size.height }}
                objectFit="contain"
              />
            ) : (
              logo.name
            )}
          </li>
        );
      })}
    </ul>
  );
}
