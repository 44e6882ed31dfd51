// The van guide's pictures: our own drawings in public/images/vans, three per size so the
// guide's carousel has something to rotate (every 5 seconds, in home.css).
import { VAN_GUIDE, type VanSize } from "./vans";

export const VAN_IMAGE_SIZE = { width: 480, height: 320 } as const;

const VIEWS = [
  { id: "side", alt: (title: string) => `${title}, side view` },
  { id: "loading", alt: (title: string) => `${title} with its rear doors open, being loaded with boxes` },
  { id: "street", alt: (title: string) => `${title} parked outside a house, ready for a move` },
] as const;

export interface VanImage {
  path: string;
  alt: string;
}

export const VAN_IMAGES: Readonly<Record<VanSize, readonly VanImage[]>> = Object.fromEntries(
  VAN_GUIDE.map((van) => [
    van.id,
    VIEWS.map((view) => ({ path: `/images/vans/${van.id}-${view.id}.svg`, alt: view.alt(van.title) })),
  ]),
) as Record<VanSize, VanImage[]>;

export function vanImages(size: VanSize): readonly VanImage[] {
  return VAN_IMAGES[size];
}
