// The tracker's map (loaded on demand by live-position.tsx, only with a browser key): the van
// where the driver last was and the stop they are heading for. The text beside it says the
// same, so nothing is only on the map.
import { GoogleMap, MarkerF, useJsApiLoader } from "@react-google-maps/api";
import type { LivePositionView } from "~/views/tracker";

const MAP_STYLE = { width: "100%", height: "16rem" };

export default function LiveMap({ apiKey, position }: { apiKey: string; position: LivePositionView }) {
  const { isLoaded, loadError } = useJsApiLoader({ id: "google-maps", googleMapsApiKey: apiKey, region: "GB" });
  if (!isLoaded || loadError) return null;
  const van = { lat: position.latitude, lng: position.longitude };
  const stop = position.stop ? { lat: position.stop.latitude, lng: position.stop.longitude } : null;
  return (
    <div
      role="region"
      aria-label="Map of your driver and the next stop"
      className="mt-4 overflow-hidden rounded-lg border border-slate-200"
      data-testid="live-map"
    >
      <GoogleMap
        mapContainerStyle={MAP_STYLE}
        center={van}
        zoom={12}
        onLoad={(map) => {
          if (!stop) return;
          const bounds = new google.maps.LatLngBounds();
          bounds.extend(van);
          bounds.extend(stop);
          map.fitBounds(bounds, 48);
        }}
        options={{ disableDefaultUI: true, zoomControl: true, keyboardShortcuts: false }}
      >
        <MarkerF position={van} title="Your driver" label="🚚" />
        {stop ? <MarkerF position={stop} title={position.stop!.label} /> : null}
      </GoogleMap>
    </div>
  );
}
