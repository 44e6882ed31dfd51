// Loaded with a form's schema when the form is first used (utils/use-validated-form.ts):
// conform's zod adapter, and with it zod itself.
import { parseWithZod } from "@conform-to/zod";
import type { ZodTypeAny } from "zod";

export function zodValidator(schema: ZodTypeAny) {
  return (formData: FormData) => parseWithZod(formData, { schema });
}
