import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { useEffect } from "react";
import { recallAddresses } from "~/utils/remembered-addresses";

/** Fills in the last addresses this browser priced, when both fields are still empty. */
export function useRememberedAddresses<Schema extends Record<string, unknown>>(
  form: FormMetadata<Schema>,
  pickup: FieldMetadata<string>,
  delivery: FieldMetadata<string>,
) {
  useEffect(() => {
    if (pickup.value || delivery.value) return;
    const remembered = recallAddresses();
    if (!remembered) return;
    form.update({ name: pickup.name, value: remembered.pickupAddress });
    form.update({ name: delivery.name, value: remembered.deliveryAddress });
    // Once, on the first render in the browser.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
