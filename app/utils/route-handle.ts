/** Third-party integrations a page may load; their origins live in security-headers.server.ts. */
export type ThirdParty = "googleMaps" | "stripe" | "paypal";

/** What a route module may put in its `handle` export. */
export type RouteHandle = {
  /** Third-party scripts this page loads, so its Content-Security-Policy allows them. */
  thirdParties?: ThirdParty[];
  /** Pages on the admin side get the simplified header. */
  adminChrome?: boolean;
  /** The page streams large uploads with its own reader and limits (server/form-body.server.ts). */
  largeBody?: boolean;
  /** Anonymous visitors may all be served one render, kept for a few seconds (server/platform/shared-render.server.ts). */
  sharedRender?: boolean;
};

export function routeHandle(handle: unknown): RouteHandle {
  return handle && typeof handle === "object" ? (handle as RouteHandle) : {};
}
