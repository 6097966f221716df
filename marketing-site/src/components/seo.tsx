import { defaultDescription, pageTitle } from '@dcipher/shared/domain';

export interface SeoProps {
  title?: string;
  description?: string;
}

/** Head tags for a page: "Dcipher" or "Dcipher | {title}", and the default description unless given one. */
export function Seo({ title, description = defaultDescription }: SeoProps) {
  return (
    <>
      <title>{pageTitle(title)}</title>
      <meta name="description" content={description} />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    </>
  );
}
