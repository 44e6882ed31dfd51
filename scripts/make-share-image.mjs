#!/usr/bin/env node
// Renders public/images/og-image.jpg (1200×630), the image shared links show, with Chromium.
import path from "node:path";
import { chromium } from "@playwright/test";

const html = `<!doctype html><html><body style="margin:0;width:1200px;height:630px;font-family:system-ui,sans-serif;
  background:linear-gradient(135deg,#1e3a8a,#2563eb);color:#fff;display:flex;flex-direction:column;justify-content:center;padding:0 90px;box-sizing:border-box">
  <div style="font-size:40px;font-weight:800;letter-spacing:-1px;display:flex;align-items:center;gap:16px">
    <svg width="56" height="56" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#fff"/><path d="M6 19h13v-8h4l3 4v4h-2" fill="none" stroke="#1d4ed8" stroke-width="2" stroke-linejoin="round"/><circle cx="11" cy="21" r="2.2" fill="#1d4ed8"/><circle cx="22" cy="21" r="2.2" fill="#1d4ed8"/></svg>EasyMove</div>
  <div style="font-size:72px;font-weight:800;line-height:1.05;margin-top:24px;max-width:950px">Man and van with an instant, fixed price</div>
  <div style="font-size:30px;margin-top:28px;color:#dbeafe">House moves · Office moves · Furniture delivery</div>
  <div style="font-size:26px;margin-top:12px;color:#bfdbfe">London · Essex · North East · West Midlands</div>
</body></html>`;

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
const output = path.resolve("public/images/og-image.jpg");
await page.screenshot({ path: output, type: "jpeg", quality: 85 });
await browser.close();
console.log(`Wrote ${output}`);
