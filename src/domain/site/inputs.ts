/** The input check of every site call (server side: see shared/input.ts). */
import { type CallInput, Fields, NO_INPUT, Text } from '../shared/input';
import type { SiteCallName } from './calls';

export const SITE_INPUTS = {
  // An unknown slot or key is not an error (an empty list, null): only junk is refused here.
  adItemsByCode: { params: Fields({ code: Text({ min: 1, max: 40 }) }) },
  paramByKey: { params: Fields({ key: Text({ min: 1, max: 60 }) }) },
  // Multipart: the handler reads the one part `file` and answers 400 to a missing, oversized or malformed body.
  uploadFile: NO_INPUT,
  uploadImage: NO_INPUT,
} as const satisfies { [N in SiteCallName]?: CallInput };
