/** The signed-in account as pages see it. */
export type SessionUser = {
  id: string;
  username: string;
  email: string;
  role: "customer" | "driver" | "admin";
};
