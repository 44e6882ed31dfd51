// Self-dispatch in the browser, JavaScript on and off: two drivers are on their pages; a
// customer pays for a move; the paid booking arrives as an open job in their "Available jobs",
// by district only (live with JavaScript, on the next load without); one takes it, with no admin
// involved; the other's list loses it live (with JavaScript) or on its next load (without); the
// winner sees the street and the customer; the tracker shows the driver.
import { createDriver } from "../support/factories";
import { expect, test, type Page } from "./fixtures";
import { appDb, bookAMove, jsModes, open, uniqueEmail } from "./helpers";

async function makeDriver(name: string) {
  const db = await appDb();
  const user = await db.user.create({
    data: { username: name, email: uniqueEmail("dispatch-driver"), role: "driver" },
  });
  await createDriver({
    name,
    email: user.email,
    phone: "+447400900777",
    vanType: "large",
    location: "Newcastle upon Tyne",
    userId: user.id,
    basePostcode: "NE6 1AA",
  });
  return user.email;
}

/** A signed-in customer books a move in Newcastle and pays by card on the sandbox's page. */
async function payForAMove(page: Page, javaScriptEnabled: boolean) {
  const bookingId = await bookAMove(page, javaScriptEnabled);
  if (javaScriptEnabled) await open(page, page.url(), true);
  await page.getByRole("link", { name: /Pay by card on a secure payment page/ }).click();
  await expect(page).toHaveURL(/\/stripe-checkout\?booking=/);
  if (javaScriptEnabled) await open(page, page.url(), true);
  await page.getByLabel("Phone number").fill("07400 900123");
  await page.getByRole("button", { name: /^Pay £[\d.,]+ securely$/ }).click();
  await expect(page).toHaveURL(/\/sandbox-checkout\//);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay £/ }).click();
  await expect(page).toHaveURL(/\/booking-confirmation\?booking=/);
  const reference = (await page.getByTestId("booking-reference").textContent())!;
  return { bookingId, reference };
}

for (const mode of jsModes) {
  test.describe(`self-dispatch ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });
    // Four people in one flow: a customer pays on the sandbox, two drivers, then the tracker.
    test.describe.configure({ timeout: 90_000 });

    test("a customer pays; an eligible driver takes the job; the other's list loses it; the customer sees the driver", async ({
      page,
      newCustomer,
      signedInPage,
    }) => {
      // The drivers are on their pages before the job exists.
      const [winnerEmail, otherEmail] = [await makeDriver("Wendy Winner"), await makeDriver("Oscar Other")];
      const winner = await signedInPage(winnerEmail, { javaScriptEnabled: mode.javaScriptEnabled });
      const other = await signedInPage(otherEmail, { javaScriptEnabled: mode.javaScriptEnabled });
      await open(other, "/driver", mode.javaScriptEnabled);
      await open(winner, "/driver", mode.javaScriptEnabled);

      await newCustomer({ prefix: "dispatch-customer" });
      const paid = await payForAMove(page, mode.javaScriptEnabled);
      const job = { reference: paid.reference, booking: { id: paid.bookingId } };

      // The new job arrives in their lists: live with JavaScript (announced to screen readers);
      // without, on their next load.
      const offer = winner.getByTestId(`offer-${job.reference}`);
      if (mode.javaScriptEnabled) {
        await expect(offer).toBeVisible({ timeout: 15_000 });
        await expect(winner.getByTestId("offers-news")).toHaveText(/^New job: NE1 to NE2, /);
      } else {
        await expect(async () => {
          await open(winner, "/driver", false);
          await expect(offer).toBeVisible({ timeout: 1_000 });
        }).toPass({ timeout: 15_000 });
        await open(other, "/driver", false);
      }

      await expect(offer).toContainText("NE1 → NE2");
      await expect(offer).toContainText(/Your share £\d+\.\d\d/);
      // No street, no customer before it is taken.
      const offers = winner.getByRole("region", { name: /Available jobs/ });
      await expect(offers).not.toContainText("Grey Street");
      await expect(offers).not.toContainText("Pat Customer");
      await expect(other.getByTestId(`offer-${job.reference}`)).toBeVisible();
      await winner.screenshot({
        path: `test-results/screens/driver-offers-${mode.javaScriptEnabled ? "js" : "nojs"}.png`,
        fullPage: true,
      });

      await offer.getByRole("button", { name: "Take this job" }).click();
      await expect(winner.getByTestId("toast").filter({ hasText: "Job taken" })).toBeVisible();
      const card = winner.getByTestId(`job-${job.reference}`);
      await expect(card).toContainText("1 Grey Street");
      await expect(card).toContainText("Pat Customer");
      await expect(winner.getByTestId(`offer-${job.reference}`)).toHaveCount(0);

      // The other driver's open list: live with JavaScript; without, on the next load, and a
      // late press is answered that another driver took it.
      if (mode.javaScriptEnabled) {
        await expect(other.getByTestId(`offer-${job.reference}`)).toHaveCount(0);
        await expect(other.getByTestId("offers-news")).toHaveText(/^NE1 to NE2, .+: taken by another driver$/);
      } else {
        await other.getByTestId(`offer-${job.reference}`).getByRole("button", { name: "Take this job" }).click();
        await expect(other.getByTestId("offers-answer")).toHaveText("Another driver has taken this job");
        await expect(other.getByTestId(`offer-${job.reference}`)).toHaveCount(0);
      }

      await open(page, `/booking-tracker?booking=${job.booking.id}`, mode.javaScriptEnabled);
      await expect(page.getByText("Wendy Winner").first()).toBeVisible();
    });
  });
}
