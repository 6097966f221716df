import * as v from 'valibot';
import { validationMessages } from '../validation/messages.js';

/** A page number or page size in a query string: digits, from 1 to `max` (the paged lists' `page`, `pageSize`). */
export const pageNumber = (max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,6}$/, validationMessages.required),
    v.transform(Number),
    v.minValue(1),
    v.maxValue(max),
  );
