export class ImageMetadataError extends Error {}
export function exifOrientation(tiff: Buffer): number | undefined;
export function losslessFormat(bytes: Buffer): 'jpeg' | 'png' | 'webp' | undefined;
export function withoutImageMetadata(bytes: Buffer): Promise<Buffer>;
