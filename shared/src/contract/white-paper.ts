import * as v from 'valibot';
import { defineEndpoint } from './endpoint.js';
import { leadFields } from './lead-fields.js';

/** Where the marketing site serves the white paper; the API hands it out once the visitor has left their details. */
export const whitePaperDownloadPath = '/downloads/dcipher-insight-automation-white-paper.pdf';

export const WhitePaperRequestInputSchema = v.object(leadFields);
export type WhitePaperRequestInput = v.InferInput<typeof WhitePaperRequestInputSchema>;

export const WhitePaperDownloadSchema = v.object({ downloadUrl: v.string() });
export type WhitePaperDownload = v.InferOutput<typeof WhitePaperDownloadSchema>;

export const requestWhitePaper = defineEndpoint({
  operation: 'requestWhitePaper',
  errors: [],
  summary: 'Leave contact details to download the white paper (rate limited per IP address)',
  method: 'POST',
  path: '/white-paper',
  auth: 'public',
  body: { name: 'whitePaperRequestInput', schema: WhitePaperRequestInputSchema },
  response: WhitePaperDownloadSchema,
  successStatus: 201,
});
