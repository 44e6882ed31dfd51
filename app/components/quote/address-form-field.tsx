// An address field for a conform field (the detailed forms and the distance calculator).
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { AddressField } from "./address-field";

/** An address field for a conform field. */
export function AddressFormField({
  meta,
  ...rest
}: { meta: FieldMetadata<string> } & Omit<Parameters<typeof AddressField>[0], "id">) {
  const { key, ...input } = getInputProps(meta, { type: "text" });
  return <AddressField key={key} {...input} {...rest} id={meta.id} errors={meta.errors} />;
}
