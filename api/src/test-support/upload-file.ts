import type { FastifyInstance } from 'fastify';

/** The multipart body `POST /flows/uploads` takes (docs/decisions/0114): one part named `file`. */
export function uploadForm(fileName: string, content: Buffer | string): FormData {
  const form = new FormData();
  form.append('file', new Blob([content]), fileName);
  return form;
}

/** Uploads a file as the account screens do, through `app.inject`. */
export function uploadFile(app: FastifyInstance, token: string, fileName: string, content: Buffer | string) {
  return app.inject({
    method: 'POST',
    url: '/flows/uploads',
    headers: { authorization: `Bearer ${token}` },
    payload: uploadForm(fileName, content),
  });
}
