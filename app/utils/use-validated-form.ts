import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useActionData } from "@remix-run/react";
import type { z, ZodTypeAny } from "zod";
import { usePending } from "./use-pending";

/**
 * conform's form for a zod schema, validated as you type (first on blur, then on input) and
 * showing the action's answer once the post is over. Every validated form uses it.
 */
export function useValidatedForm<Schema extends ZodTypeAny>(
  schema: Schema,
  {
    lastResult,
    pending,
    ...options
  }: { lastResult?: SubmissionResult<string[]> | null; pending: boolean } & Omit<
    Parameters<typeof useForm<z.input<Schema>>>[0],
    "lastResult" | "onValidate"
  >,
) {
  return useForm<z.input<Schema>>({
    lastResult: pending ? null : lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    ...options,
  });
}

/** A page's own form (posted with <Form>): the route action's answer, pending state and conform. */
export function usePageForm<Schema extends ZodTypeAny>(schema: Schema) {
  const lastResult = useActionData() as SubmissionResult<string[]> | undefined;
  const pending = usePending();
  const [form, fields] = useValidatedForm(schema, { lastResult, pending });
  return { form, fields, pending, lastResult };
}
