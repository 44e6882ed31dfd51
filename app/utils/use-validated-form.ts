import { parse, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { useActionData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { z, ZodTypeAny } from "zod";
import { usePending } from "./use-pending";

/**
 * A form's zod schema, loaded when the form is first used: zod and conform's adapter are
 * ~15 KB of gzipped JavaScript that a page does not need to show itself. Written as
 * `() => import("~/schemas/auth").then((schemas) => schemas.signInSchema)`.
 */
export type SchemaLoader<Schema extends ZodTypeAny> = () => Promise<Schema>;

type Validate = (formData: FormData) => Submission<unknown>;

/** Until the schema is here, a check that finds nothing (the server checks every post anyway). */
const notYetChecked: Validate = (formData) => parse(formData, { resolve: () => ({ value: undefined }) });

/**
 * conform's form for a zod schema, validated as you type (first on blur, then on input) and
 * showing the action's answer once the post is over. Every validated form uses it.
 * The schema loads on the form's first focus or touch; a field left before it arrived is
 * checked as soon as it does, and a submit waits for it.
 */
export function useValidatedForm<Schema extends ZodTypeAny>(
  loadSchema: SchemaLoader<Schema>,
  {
    lastResult,
    pending,
    onSubmit,
    ...options
  }: { lastResult?: SubmissionResult<string[]> | null; pending: boolean } & Omit<
    Parameters<typeof useForm<z.input<Schema>>>[0],
    "lastResult" | "onValidate"
  >,
) {
  const validate = useRef<Validate | null>(null);
  const loading = useRef<Promise<void> | null>(null);
  const leftBeforeLoad = useRef(new Set<string>());
  const [form, fields] = useForm<z.input<Schema>>({
    lastResult: pending ? null : lastResult,
    onValidate: ({ formData }) => (validate.current ?? notYetChecked)(formData) as Submission<z.input<Schema>>,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onSubmit(event, context) {
      if (!validate.current) {
        // The first check of this form must be the real one: wait for it, then submit again.
        event.preventDefault();
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        const element = event.currentTarget;
        void load().then(() => element.requestSubmit(submitter));
        return;
      }
      onSubmit?.(event, context);
    },
    ...options,
  });

  function load() {
    loading.current ??= Promise.all([loadSchema(), import("./zod-validation")]).then(([schema, { zodValidator }]) => {
      validate.current = zodValidator(schema);
      for (const name of leftBeforeLoad.current) form.validate({ name });
    });
    return loading.current;
  }
  const loadOnce = useRef(load);
  useSubmitKeepsItsClick(form.id);

  useEffect(() => {
    const element = document.getElementById(form.id);
    if (!element) return;
    const start = () => void loadOnce.current();
    const remember = (event: FocusEvent) => {
      const name = (event.target as HTMLInputElement | null)?.name;
      if (!validate.current && name) leftBeforeLoad.current.add(name);
    };
    element.addEventListener("focusin", start);
    element.addEventListener("pointerdown", start);
    element.addEventListener("focusout", remember);
    return () => {
      element.removeEventListener("focusin", start);
      element.removeEventListener("pointerdown", start);
      element.removeEventListener("focusout", remember);
    };
  }, [form.id]);

  return [form, fields] as const;
}

/**
 * A field left for a button is not checked on the way (conform checks on blur): a message
 * shown at that moment would move the button from under the pointer, so the click that
 * started it would be lost. The submit checks every field anyway; a button outside the form
 * (a dialog's "Sign up", say) takes the user elsewhere.
 */
export function useSubmitKeepsItsClick(formId: string) {
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!form) return;
    const onLeave = (event: FocusEvent) => {
      const next = event.relatedTarget;
      // conform listens on the document: the event goes no further than the form.
      if (next instanceof HTMLButtonElement) event.stopPropagation();
    };
    form.addEventListener("focusout", onLeave);
    return () => form.removeEventListener("focusout", onLeave);
  }, [formId]);
}

/** A page's own form (posted with <Form>): the route action's answer, pending state and conform. */
export function usePageForm<Schema extends ZodTypeAny>(
  loadSchema: SchemaLoader<Schema>,
  { defaultValue }: { defaultValue?: Record<string, string> } = {},
) {
  const lastResult = useActionData() as SubmissionResult<string[]> | undefined;
  const pending = usePending();
  // A default is a partial of the form, as typed; conform takes it as such.
  const [form, fields] = useValidatedForm(loadSchema, { lastResult, pending, defaultValue: defaultValue as never });
  return { form, fields, pending, lastResult };
}
