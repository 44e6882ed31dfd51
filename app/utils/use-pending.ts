import { useNavigation } from "@remix-run/react";

/**
 * True while a form is being sent: a fetcher's (pass it), else the page's navigation post;
 * with `formId`, only that form's real submit (the hidden __form__ field names it; conform's
 * add/remove/more-options intent buttons do not count).
 */
export function usePending({ fetcher, formId }: { fetcher?: { state: string }; formId?: string } = {}) {
  const navigation = useNavigation();
  if (fetcher) return fetcher.state !== "idle";
  if (navigation.state !== "submitting") return false;
  if (!formId) return true;
  return navigation.formData?.get("__form__") === formId && !navigation.formData.has("__intent__");
}
