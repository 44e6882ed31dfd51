import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import type { z, ZodTypeAny } from "zod";

/**
 * The sign-in and sign-up cards' form: posted through a fetcher (so a dialog stays on its
 * page), validated as you type, showing the page action's answer after a post without JS,
 * and calling onSuccess when the server says the account is signed in.
 */
export function useAuthCardForm<Schema extends ZodTypeAny>(schema: Schema, lastResult: SubmissionResult<string[]> | null | undefined, onSuccess?: () => void) {
  const fetcher = useFetcher<SubmissionResult<string[]>>();
  const result = (fetcher.data as SubmissionResult<string[]> | undefined) ?? lastResult ?? null;
  const busy = fetcher.state !== "idle";
  const [form, fields] = useForm<z.input<Schema>>({
    lastResult: busy ? null : result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  useEffect(() => {
    if (onSuccess && fetcher.state === "idle" && (fetcher.data as SubmissionResult | undefined)?.status === "success") onSuccess();
    // Only a new answer from the server counts; a re-render with the same one does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  return { fetcher, form, fields, busy };
}
