import { customerLogoBox } from '@dcipher/shared/domain';
import { theme } from '@dcipher/shared/ui';
import { graphql, useStaticQuery } from 'gatsby';
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import { ResponsiveImage } from './responsive-image';

interface LogoNode {
  name: string;
  imageHeight: number;
  imageAlt: string;
  renderWidth: number | null;
  renderHeight: number;
  imageFile: { childImageSharp: { gatsbyImageData: IGatsbyImageData } | null } | null;
}

/** Customer logos, ascending by CMS priority, each drawn at its height inside the 140x52 box. */
/** What every customer logo on the site is drawn from: the logo strip, story cards and story pages. */
export const customerLogoFields = graphql`
  fragment CustomerLogoFields on ContentCustomerLogo {
    name
    imageAlt
    renderWidth
    renderHeight
    imageFile {
      childImageSharp {
        gatsbyImageData(height: 52, layout: FIXED, placeholder: NONE)
      }
    }
  }
`;

export function CustomerLogos() {
  const data = useStaticQuery<{ allContentCustomerLogo: { nodes: LogoNode[] } }>(graphql`
    query CustomerLogos {
      allContentCustomerLogo(sort: [{ priority: ASC }, { name: ASC }]) {
        nodes {
          imageHeight
          ...CustomerLogoFields
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
              <ResponsiveImage
                image={image}
                alt={logo.imageAlt}
                style={{ width: logo.renderWidth ?? 'auto', height: logo.renderHeight }}
                fit="contain"
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
