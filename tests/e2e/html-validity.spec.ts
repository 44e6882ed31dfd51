// The W3C Nu Html Checker (vnu-jar, run with the machine's Java) on the server's HTML of every
// public page, also with a form's errors showing: no error. What React streams after </html>
// (its own scripts) is the framework's and is cut off before checking.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import vnuJar from "vnu-jar";
import { expect, test } from "./fixtures";
import { randomIp } from "./helpers";

const PUBLIC_PAGES = [
  "/",
  "/?faq=policy",
  "/quote",
  "/calculator",
  "/distance-calculator",
  "/london-services",
  "/birmingham-services",
  "/terms-and-conditions",
  "/accessibility",
  "/driver-registration",
  "/signin",
  "/signup",
  "/forgot-password",
  "/no-such-page",
];

type VnuMessage = { type: string; message: string; url: string; lastLine?: number; extract?: string };

test("the public pages' HTML has no error in the Nu Html Checker", async ({ request }) => {
  test.setTimeout(120_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "easymove-vnu-"));
  const files: string[] = [];
  const write = (name: string, html: string) => {
    const file = path.join(dir, `${name.replace(/[^a-z0-9]+/gi, "_") || "home"}.html`);
    fs.writeFileSync(file, html.slice(0, html.indexOf("</html>") + "</html>".length));
    files.push(file);
  };
  for (const url of PUBLIC_PAGES) {
    const response = await request.get(url);
    expect([200, 404]).toContain(response.status());
    write(url, await response.text());
  }
  // A form answered with its errors, as a browser without JavaScript gets it.
  const failed = await request.post("/calculator", {
    form: { __form__: "calculator-form", pickupAddress: "NE1", deliveryAddress: "", moveDate: "" },
    headers: { "X-Forwarded-For": randomIp() },
  });
  write("calculator-errors", await failed.text());

  const { stdout, stderr } = await promisify(execFile)(
    "java",
    ["-jar", String(vnuJar), "--errors-only", "--format", "json", "--exit-zero-always", ...files],
    { maxBuffer: 16 * 1024 * 1024 },
  ).catch((error: { stdout: string; stderr: string }) => error);
  const report = JSON.parse(stderr || stdout || "{}") as { messages?: VnuMessage[] };
  const errors = (report.messages ?? [])
    .filter((message) => message.type === "error")
    .map((message) => `${path.basename(message.url)}:${message.lastLine}: ${message.message} ${message.extract ?? ""}`);
  fs.rmSync(dir, { recursive: true, force: true });
  expect(report.messages, "the checker ran").toBeDefined();
  expect(errors).toEqual([]);
});
