import { customerLogoBox, defaultCustomerLogoHeight } from '../domain/constants.js';
import { type ContentImage, firstImage } from './content-image.js';
import type { NormaliseOptions } from './normalise-article.js';
import type { RawCustomer } from './raw-schemas.js';

/** A customer's logo for the logo wall. */
export interface CustomerLogo {
  name: string;
  image: ContentImage;
  /** The height the logo is shown at, in CSS pixels; 48 unless the CMS says otherwise. */
  imageHeight: number;
  priority: number;
}

/** A customer's logo, or undefined when it has no usable image (nothing to show on a logo wall). */
export function normaliseCustomer(
  raw: RawCustomer,
  options: NormaliseOptions = {},
): CustomerLogo | undefined {
  const image = firstImage(raw.image, raw.name, options.mediaBaseUrl);
  if (!image) return undefined;
  return {
    name: raw.name,
    image,
    imageHeight: raw.imageHeight ?? defaultCustomerLogoHeight,
    priority: raw.priority,
  };
}

/** Ascending by priority (product-spec section 7); ties by name, so the order never depends on the answer's. */
export function byPriority(first: Pick<CustomerLogo, 'priority' | 'name'>, second: typeof first): number {
  return first.priority - second.priority || first.name.localeCompare(second.name, 'en');
}

/** The logos with an image, sorted ascending by priority. */
export function normaliseCustomers(
  raw: readonly RawCustomer[],
  options: NormaliseOptions = {},
): CustomerLogo[] {
  return raw
    .map((customer) => normaliseCustomer(customer, options))
    .filter((logo): logo is CustomerLogo => logo !== undefined)
    .sort(byPriority);
}

export interface RenderSize {
  /** Unknown when the image's own size is unknown (let CSS keep the aspect ratio). */
  width?: number;
  height: number;
}

/**
 * The size a logo is drawn at: its imageHeight (never taller than the 140x52 box), with the width following the
 * image's aspect ratio, scaled down further when that would be wider than the box. Whole pixels.
 */
export function logoRenderSize(
  logo: Pick<CustomerLogo, 'imageHeight'> & { image: Pick<ContentImage, 'width' | 'height'> },
  box: { width: number; height: number } = customerLogoBox,
): RenderSize {
  const height = Math.min(logo.imageHeight, box.height);
  const { width: intrinsicWidth, height: intrinsicHeight } = logo.image;
  if (!intrinsicWidth || !intrinsicHeight) return { height: Math.round(height) };
  const aspectRatio = intrinsicWidth / intrinsicHeight;
  if (height * aspectRatio <= box.width) {
    return { width: Math.round(height * aspectRatio), height: Math.round(height) };
  }
  return { width: box.width, height: Math.round(box.width / aspectRatio) };
}
