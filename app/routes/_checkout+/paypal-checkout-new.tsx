// /paypal-checkout-new: the product's second address of the PayPal page, the same page. Only its
// metadata is its own, since every page names itself as its canonical URL.
import type { MetaFunction } from "@remix-run/node";
import { seo } from "~/utils/seo";

export { action, default, handle, loader } from "./paypal-checkout";

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Pay with PayPal",
    description: "Pay for your move with PayPal.",
    path: "/paypal-checkout-new",
    matches,
    noindex: true,
  });
