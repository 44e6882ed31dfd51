import type { SubmissionResult } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import type { ZodTypeAny } from "zod";
import { usePending } from "~/utils/use-pending";
import { useValidatedForm, type SchemaLoader } from "~/utils/use-validated-form";

/**
 * The sign-in and sign-up cards' form: posted through a fetcher (so a dialog stays on its
 * page), validated as you type, showing the page action's answer after a post without JS,
 * and going on where the server sends it once the account is signed in.
 */
export function useAuthCardForm<Schema extends ZodTypeAny>(
  loadSchema: SchemaLoader<Schema>,
  lastResult: SubmissionResult<string[]> | null | undefined,
) {
  const fetcher = useFetcher<SubmissionResult<string[]>>();
  const busy = usePending({ fetcher });
  const [form, fields] = useValidatedForm(loadSchema, {
    lastResult: (fetcher.data as SubmissionResult<string[]> | undefined) ?? lastResult ?? null,
    pending: busy,
  });

  return { fetcher, form, fields, busy };
}
