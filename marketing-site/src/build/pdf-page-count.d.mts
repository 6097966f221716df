export function pdfPageCount(bytes: Uint8Array): number;
export function pdfFilePageCount(path: string): Promise<number>;
