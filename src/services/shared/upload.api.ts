import type { UploadedImage } from '../../domain/account/contract';
import { SITE_CALLS } from '../../domain/site/calls';
import { call } from './http/client';

/** POST sys/material/uploadImage as multipart with the image in the `file` field. */
export function uploadImage(file: Blob, fileName = file instanceof File ? file.name : 'image'): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file, fileName);
  return call(SITE_CALLS.uploadImage, { body: form });
}
