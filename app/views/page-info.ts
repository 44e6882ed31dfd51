/** Where a page of an admin list sits among the others. */
export type PageInfo = { page: number; pageSize: number; total: number; pages: number };
