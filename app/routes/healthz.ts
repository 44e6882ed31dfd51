// Liveness and readiness for load balancers: 200 when the database answers, 503 when not.
import { db } from "~/server/platform/db.server";

export async function loader() {
  try {
    await db.$queryRaw`select 1`;
    return Response.json({ status: "ok", database: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json(
      { status: "error", database: "unreachable" },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}
