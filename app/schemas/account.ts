// /account's settings form.
import { z } from "zod";

/** Texts about moves: a box, absent when unticked. */
export const textUpdatesSchema = z.object({ textUpdates: z.boolean().default(false) });
