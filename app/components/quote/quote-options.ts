// The quote forms' choices, as their selects list them.
import { FLOOR_ACCESS_LABELS, FLOOR_ACCESS_LEVELS } from "~/domain/move-inputs";
import { VAN_LABELS, VAN_SIZES } from "~/domain/vans";

export const VAN_OPTIONS = VAN_SIZES.map((size) => ({ value: size, label: VAN_LABELS[size] }));
export const HELPER_OPTIONS = [
  { value: "0", label: "No helpers (driver only)" },
  { value: "1", label: "1 helper" },
  { value: "2", label: "2 helpers" },
];
export const FLOOR_OPTIONS = FLOOR_ACCESS_LEVELS.map((floor) => ({ value: floor, label: FLOOR_ACCESS_LABELS[floor] }));
