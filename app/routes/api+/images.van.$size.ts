// GET /api/images/van/{size}: the van guide's pictures for one size.
// `path` is the first picture (what the API's client reads); `paths` lists all of them.
// Public, read-only data: anyone may ask.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { vanImages } from "~/domain/van-images";
import { isVanSize, VAN_SIZES } from "~/domain/vans";
import { apiError } from "~/server/platform/api.server";

const headers = { "Cache-Control": "public, max-age=3600", "X-Robots-Tag": "noindex" };

export async function loader({ params }: LoaderFunctionArgs) {
  const size = params.size?.toLowerCase();
  if (!isVanSize(size)) {
    return apiError(404, `Unknown van size. Use one of: ${VAN_SIZES.join(", ")}.`, { headers });
  }
  const images = vanImages(size);
  return Response.json({ size, path: images[0]!.path, paths: images.map((image) => image.path) }, { headers });
}
