// Server-side pagination of admin lists: ?page=N (1-based), a fixed page size, newest first.
import type { PageInfo } from "~/views/page-info";

export const ADMIN_PAGE_SIZE = 25;

export function pageOf(url: URL, pageSize = ADMIN_PAGE_SIZE) {
  const asked = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const page = Number.isFinite(asked) && asked > 0 ? Math.min(asked, 100_000) : 1;
  return { page, take: pageSize, skip: (page - 1) * pageSize };
}

export function pageInfo(total: number, { page, take }: { page: number; take: number }): PageInfo {
  return { page, pageSize: take, total, pages: Math.max(1, Math.ceil(total / take)) };
}
