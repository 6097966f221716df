/** Every file the content model makes, by path relative to the CMS project. */
export function contentTypeFiles(): Map<string, string>;
/** Writes the files that differ; answers the paths written. */
export function writeContentTypes(): string[];
