// The honeypot's hidden fields (remix-utils' Honeypot checks them on the server). remix-utils'
// own HoneypotInputs hides them with an inline style attribute, which the page's CSP refuses
// (style-src has no 'unsafe-inline'), and names an invalid autocomplete token: this is the same
// markup, hidden by a class.
import { createContext, useContext } from "react";
import type { HoneypotInputProps } from "remix-utils/honeypot/server";
import { HONEYPOT_FIELDS } from "~/utils/honeypot-fields";

const HoneypotContext = createContext<Partial<HoneypotInputProps>>({});

export const HoneypotFieldsProvider = HoneypotContext.Provider;

const LABEL = "Please leave this field blank";

export function HoneypotFields() {
  const {
    nameFieldName = HONEYPOT_FIELDS.nameFieldName,
    validFromFieldName = HONEYPOT_FIELDS.validFromFieldName,
    encryptedValidFrom,
  } = useContext(HoneypotContext);
  return (
    <div id={`${nameFieldName}_wrap`} className="hidden" aria-hidden="true">
      <label htmlFor={nameFieldName}>{LABEL}</label>
      <input id={nameFieldName} name={nameFieldName} type="text" defaultValue="" autoComplete="off" tabIndex={-1} />
      {validFromFieldName && encryptedValidFrom ? (
        <>
          <label htmlFor={validFromFieldName}>{LABEL}</label>
          <input
            id={validFromFieldName}
            name={validFromFieldName}
            type="text"
            value={encryptedValidFrom}
            readOnly
            autoComplete="off"
            tabIndex={-1}
          />
        </>
      ) : null}
    </div>
  );
}
