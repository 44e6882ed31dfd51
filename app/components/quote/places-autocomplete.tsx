// Loaded only when an address field is first focused and a browser key exists: Google
// Places Autocomplete, restricted to the UK, filling in the formatted address.
import { useJsApiLoader } from "@react-google-maps/api";
import { useEffect } from "react";

const LIBRARIES: "places"[] = ["places"];

export default function PlacesAutocomplete({
  inputId,
  apiKey,
  onUnavailable,
}: {
  inputId: string;
  apiKey: string;
  onUnavailable: () => void;
}) {
  const { isLoaded, loadError } = useJsApiLoader({
    id: "google-maps",
    googleMapsApiKey: apiKey,
    libraries: LIBRARIES,
    region: "GB",
  });

  useEffect(() => {
    if (loadError) onUnavailable();
  }, [loadError, onUnavailable]);

  useEffect(() => {
    const input = document.getElementById(inputId) as HTMLInputElement | null;
    if (!isLoaded || !input) return;
    const autocomplete = new google.maps.places.Autocomplete(input, {
      componentRestrictions: { country: "gb" },
      fields: ["formatted_address"],
    });
    const listener = autocomplete.addListener("place_changed", () => {
      const address = autocomplete.getPlace().formatted_address;
      if (!address) return;
      input.value = address;
      // Tell the form (conform) that the value changed.
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    return () => listener.remove();
  }, [isLoaded, inputId]);

  return null;
}
