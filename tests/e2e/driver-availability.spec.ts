// /driver/availability, JavaScript on and off: the base, radius and jobs a day saved
// (a bad radius refused on its field, the typed value kept); a day off added and removed.
import { createDriver } from "../support/factories";
import { expect, test } from "./fixtures";
import { appDb, jsModes, open, uniqueEmail } from "./helpers";

async function makeDriver() {
  const db = await appDb();
  const user = await db.user.create({
    data: { username: "Ava Available", email: uniqueEmail("availability"), role: "driver" },
  });
  const driver = await createDriver({
    name: "Ava Available",
    email: user.email,
    phone: "+447400900555",
    vanType: "large",
    location: "Birmingham",
    userId: user.id,
  });
  return { email: user.email, driverId: driver.id };
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

for (const mode of jsModes) {
  test.describe(`driver availability ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("saves the base, radius and jobs a day; adds and removes a day off", async ({ signedInPage }) => {
      const { email, driverId } = await makeDriver();
      const page = await signedInPage(email, { javaScriptEnabled: mode.javaScriptEnabled });
      await open(page, "/driver", mode.javaScriptEnabled);
      await page.getByRole("link", { name: "Availability" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Availability" })).toBeVisible();
      await expect(page.getByLabel("Working radius (miles)")).toHaveValue("25");
      await expect(page.getByLabel("Jobs a day, at most")).toHaveValue("2");

      await page.getByLabel("Base postcode").fill("B1 1BB");
      await page.getByLabel("Working radius (miles)").fill("150");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      const radius = page.getByLabel("Working radius (miles)");
      await expect(radius).toHaveAccessibleDescription(/Enter a working radius from 5 to 100 miles/);
      await expect(radius).toHaveValue("150");
      await radius.fill("40");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByTestId("toast").filter({ hasText: "Availability saved" })).toBeVisible();

      const day = inDays(9);
      await page.getByLabel("Add a day off").fill(day);
      await page.getByRole("button", { name: "Add", exact: true }).click();
      await expect(page.getByTestId("days-off").getByRole("listitem")).toHaveCount(1);
      await page.screenshot({
        path: `test-results/screens/driver-availability-${mode.javaScriptEnabled ? "js" : "nojs"}.png`,
        fullPage: true,
      });
      const db = await appDb();
      const saved = await db.driver.findUniqueOrThrow({ where: { id: driverId } });
      expect([saved.basePostcode, saved.workingRadiusMiles, saved.jobsPerDay]).toEqual(["B1 1BB", 40, 2]);
      expect(saved.unavailableDates.map((date) => date.toISOString().slice(0, 10))).toEqual([day]);

      await page
        .getByTestId("days-off")
        .getByRole("button", { name: /^Remove / })
        .click();
      await expect(page.getByText("None: you are offered jobs on any day.")).toBeVisible();
    });
  });
}
