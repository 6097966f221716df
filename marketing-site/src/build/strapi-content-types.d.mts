export interface StrapiContentType {
  uid: string;
  apiID: string;
  schema: {
    singularName: string;
    pluralName: string;
    kind: string;
    attributes: Record<string, { type: string }>;
  };
}
export const strapiContentTypes: StrapiContentType[];
export const collectionBySingularName: Record<string, string>;
