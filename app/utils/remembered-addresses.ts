// The last addresses a customer priced, remembered in their browser.
const KEY = "easymove:last-addresses";

export type RememberedAddresses = { pickupAddress: string; deliveryAddress: string };

export function rememberAddresses(addresses: RememberedAddresses) {
  try {
    localStorage.setItem(KEY, JSON.stringify(addresses));
  } catch {
    // Private mode or storage full: remembering is a convenience only.
  }
}

export function recallAddresses(): RememberedAddresses | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? "null");
    return value && typeof value.pickupAddress === "string" && typeof value.deliveryAddress === "string" ? value : null;
  } catch {
    return null;
  }
}

/** True for a browser that priced a move here before (its form is filled in at once). */
export function hasRememberedAddresses() {
  return recallAddresses() !== null;
}
