// /business: EasyMove for Business. To visitors, the offer (colleagues on one account, roles, one
// invoice a month) and the way to open an account; to the account's users, its dashboard: the
// account's orders (a booker's own), each with its status and tracker.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BOOKING_STATUS_LABELS } from "~/domain/booking-status";
import { BUSINESS_ROLE_LABELS, MAX_BUSINESS_USERS, may } from "~/domain/business";
import { formatPounds } from "~/domain/money";
import { formatCalendarDate } from "~/domain/uk-datetime";
import { getSessionUser } from "~/server/auth/auth.server";
import { accountOrders, businessUserOf } from "~/server/business/accounts.server";
import { env } from "~/server/platform/env.server";
import { seo } from "~/utils/seo";
import { trackerPath } from "~/utils/tracker-path";

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "{brand} for Business",
    description:
      "Deliveries and office moves for shops and offices: colleagues on one account, roles, and one VAT invoice a month.",
    path: "/business",
    matches,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  const member = user ? await businessUserOf(user) : null;
  if (!member) return { account: null, signedIn: user !== null, brand: env.BRAND_NAME };
  const orders = await accountOrders(member);
  return {
    signedIn: true,
    brand: env.BRAND_NAME,
    account: {
      name: member.accountName,
      role: BUSINESS_ROLE_LABELS[member.role],
      managesUsers: may(member.role, "users"),
      seesAll: may(member.role, "allOrders"),
    },
    orders: orders.map((order) => ({
      id: order.id,
      reference: order.reference,
      status: BOOKING_STATUS_LABELS[order.status],
      moveDate: formatCalendarDate(order.moveDate),
      route: `${order.pickupAddress} → ${order.deliveryAddress}`,
      price: formatPounds(order.finalPrice),
      poNumber: order.poNumber,
      bookedBy: order.customer?.username ?? "",
      // The tracker is its booker's page (it shows their contact details and chat with the driver).
      tracker: order.customerId === member.user.id ? trackerPath(order.id) : null,
    })),
  };
}

export default function BusinessPage() {
  const page = useLoaderData<typeof loader>();
  return page.account ? (
    <Dashboard {...page} account={page.account} orders={page.orders ?? []} />
  ) : (
    <Offer brand={page.brand} />
  );
}

function Offer({ brand }: { brand: string }) {
  return (
    <div className="bg-slate-50 px-4 py-12">
      <div className="mx-auto max-w-3xl">
        <h1 className="text-3xl font-bold text-slate-900">{brand} for Business</h1>
        <p className="mt-3 text-lg text-slate-700">
          For shops, offices and online sellers who book deliveries and moves every week.
        </p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {[
            ["Colleagues on one account", `Up to ${MAX_BUSINESS_USERS} users, as owner, admin or booker.`],
            ["Every order in one place", "Each with its status, live tracker, who booked it and your PO number."],
            ["One invoice a month", "Order on account within your credit limit: one VAT invoice on the 1st."],
            ["The same honest prices", "The instant, fixed price every customer gets. Cards and PayPal still work."],
          ].map(([title, text]) => (
            <li key={title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <h2 className="font-semibold text-slate-900">{title}</h2>
              <p className="mt-1 text-sm text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
        <Link
          to="/business/signup"
          className="mt-8 inline-block rounded-md bg-blue-700 px-5 py-3 font-semibold text-white hover:bg-blue-800"
        >
          Open a business account
        </Link>
      </div>
    </div>
  );
}

type Page = Awaited<ReturnType<typeof loader>>;

function Dashboard({
  account,
  orders,
}: {
  account: NonNullable<Page["account"]>;
  orders: NonNullable<Page["orders"]>;
}) {
  return (
    <div className="bg-slate-50 px-4 py-10">
      <div className="mx-auto max-w-5xl">
        <h1 className="text-2xl font-bold text-slate-900">{account.name}</h1>
        <p className="mt-1 text-sm text-slate-700">
          You are {account.role === "Admin" ? "an" : "the"} <span className="font-semibold">{account.role}</span>
          {account.role === "Booker" ? " of this account: you see the orders you booked." : " of this account."}
        </p>
        <nav aria-label="Business account" className="mt-4 flex flex-wrap gap-3 text-sm">
          <Link to="/quote" className="rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800">
            Book a delivery or move
          </Link>
          {account.managesUsers ? (
            <Link
              to="/business/users"
              className="rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
            >
              Users
            </Link>
          ) : null}
        </nav>
        <section aria-labelledby="orders-heading" className="mt-8">
          <h2 id="orders-heading" className="text-lg font-semibold text-slate-900">
            {account.seesAll ? "The account's orders" : "Your orders"}
          </h2>
          {orders.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">No orders yet.</p>
          ) : (
            <div className="mt-3 overflow-x-auto rounded-xl border border-slate-200 bg-white">
              <table className="min-w-full text-left text-sm">
                <caption className="sr-only">Orders, newest first</caption>
                <thead className="bg-slate-50 text-slate-700">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      Order
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Move date
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Route
                    </th>
                    <th scope="col" className="px-3 py-2">
                      PO
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Booked by
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Price
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Status
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {orders.map((order) => (
                    <tr key={order.id} data-testid="business-order">
                      <th scope="row" className="px-3 py-2 font-semibold">
                        {order.tracker ? (
                          <Link to={order.tracker} className="text-blue-700 hover:underline">
                            {order.reference}
                          </Link>
                        ) : (
                          order.reference
                        )}
                      </th>
                      <td className="px-3 py-2 whitespace-nowrap">{order.moveDate}</td>
                      <td className="px-3 py-2">{order.route}</td>
                      <td className="px-3 py-2">{order.poNumber ?? "—"}</td>
                      <td className="px-3 py-2">{order.bookedBy}</td>
                      <td className="px-3 py-2 whitespace-nowrap">{order.price}</td>
                      <td className="px-3 py-2">{order.status}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
