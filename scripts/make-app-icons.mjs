#!/usr/bin/env node
// Renders the driver app's icons (public/icons/driver-*.png) from our logo (public/favicon.svg)
// with sharp: 192 and 512 px as they are, and a maskable 512 px one whose van sits inside the
// safe circle (80 % of the side) on the logo's blue, so a launcher may crop it to any shape.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const logo = fs.readFileSync(path.resolve("public/favicon.svg"), "utf8");
const van = logo.replace(/<rect[^>]*\/>/, "");
const out = path.resolve("public/icons");
fs.mkdirSync(out, { recursive: true });

for (const size of [192, 512]) {
  await sharp(Buffer.from(logo), { density: (72 * size) / 32 })
    .resize(size, size)
    .png()
    .toFile(path.join(out, `driver-${size}.png`));
}
// Maskable: a full square of blue, the van shrunk to 60 % in the middle.
const inner = Math.round(512 * 0.6);
const vanPng = await sharp(Buffer.from(van), { density: (72 * inner) / 32 })
  .resize(inner, inner)
  .png()
  .toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: "#1d4ed8" } })
  .composite([{ input: vanPng, gravity: "centre" }])
  .png()
  .toFile(path.join(out, "driver-maskable-512.png"));
console.log(`Wrote ${out}/driver-{192,512,maskable-512}.png`);
