import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { distanceApi } from "~/server/distance-api.server";

export const action = ({ request }: ActionFunctionArgs) => distanceApi(request);
export const loader = ({ request }: LoaderFunctionArgs) => distanceApi(request);
