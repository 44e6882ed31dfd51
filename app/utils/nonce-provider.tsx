import { createContext, useContext } from "react";

// The CSP nonce for this request, set by entry.server.tsx. On the client it is empty:
// browsers hide nonce attributes after load, and hydration ignores them.
const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
