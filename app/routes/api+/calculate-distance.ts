import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { distanceApi } from "~/server/quotes/distance-api.server";

export const action = ({ request, context }: ActionFunctionArgs) => distanceApi(request, context);
export const loader = ({ request, context }: LoaderFunctionArgs) => distanceApi(request, context);
