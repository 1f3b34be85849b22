import { getUploadedFile } from '@/server/modules/images/images.service';

// GET /uploads/{name} — files uploaded through /api/images (local driver, DESIGN §1). Names are
// random and a file never changes once written, so it may be cached for a year. The name is
// matched against a strict pattern before the disk is touched: no path can leave the folder.

const TYPES: Record<string, string> = { webp: 'image/webp' };

async function serve(request: Request, params: Promise<{ path: string[] }>, withBody: boolean) {
  const { path } = await params;
  const file = await getUploadedFile(path);
  if (!file) {
    return new Response('Not found', {
      status: 404,
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
      },
    });
  }
  const name = path[0];
  const etag = `"${name}"`;
  const headers = new Headers({
    'Content-Type': TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream',
    'Content-Length': String(file.size),
    'Cache-Control': 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
    'Last-Modified': file.modified.toUTCString(),
    ETag: etag,
  });
  if (request.headers.get('if-none-match') === etag) {
    headers.delete('Content-Length');
    return new Response(null, { status: 304, headers });
  }
  return new Response(withBody ? new Uint8Array(file.bytes) : null, { status: 200, headers });
}

type Context = { params: Promise<{ path: string[] }> };

export async function GET(request: Request, { params }: Context) {
  return serve(request, params, true);
}

export async function HEAD(request: Request, { params }: Context) {
  return serve(request, params, false);
}
