// Self-dispatch in the browser (issue 34), JavaScript on and off: an open job (a paid booking
// without a driver) is in two eligible drivers' "Available jobs" by district only; one takes it;
// the other's open list loses it live (with JavaScript), or on its next load (without); the
// winner sees the street and the customer; the customer's tracker shows the driver.
import { expect, test } from "./fixtures";
import { appDb, jsModes, open, uniqueEmail } from "./helpers";

const inDays = (days: number) =>
  new Date(`${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`);

async function makeDriver(name: string) {
  const db = await appDb();
  const user = await db.user.create({
    data: { username: name, email: uniqueEmail("dispatch-driver"), role: "driver" },
  });
  await db.driver.create({
    data: {
      name,
      email: user.email,
      phone: "+447400900777",
      experience: "3-5",
      vanType: "large",
      location: "Newcastle upon Tyne",
      approvalStatus: "approved",
      agreementAcceptedAt: new Date(),
      userId: user.id,
      basePostcode: "NE6 1AA",
    },
  });
  return user.email;
}

async function openJob() {
  const db = await appDb();
  const customer = await db.user.create({
    data: { username: "Olive Opencustomer", email: uniqueEmail("dispatch-customer") },
  });
  const reference = `EM-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  const booking = await db.booking.create({
    data: {
      reference,
      customerId: customer.id,
      status: "pending",
      paymentState: "paid",
      pickupAddress: "12 Grey Street, Newcastle upon Tyne NE1 6EE",
      deliveryAddress: "40 Osborne Road, Newcastle upon Tyne NE2 2AL",
      moveDate: inDays(6),
      moveTime: "10:00",
      vanSize: "medium",
      distanceTenths: 25,
      estimatedHours: 2,
      customerName: "Olive Opencustomer",
      customerEmail: customer.email,
      customerPhone: "+447400900444",
      subTotal: 8000,
      platformFee: 2000,
      driverShare: 6000,
      vatAmount: 1600,
      originalPrice: 9600,
      finalPrice: 9600,
      openedAt: new Date(Date.now() - 2 * 3_600_000),
    },
  });
  return { booking, reference, customerEmail: customer.email };
}

for (const mode of jsModes) {
  test.describe(`self-dispatch ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("an eligible driver takes an open job; the other's list loses it; the customer sees the driver", async ({
      signedInPage,
    }) => {
      const job = await openJob();
      const [winnerEmail, otherEmail] = [await makeDriver("Wendy Winner"), await makeDriver("Oscar Other")];
      const winner = await signedInPage(winnerEmail, { javaScriptEnabled: mode.javaScriptEnabled });
      const other = await signedInPage(otherEmail, { javaScriptEnabled: mode.javaScriptEnabled });
      await open(other, "/driver", mode.javaScriptEnabled);
      await open(winner, "/driver", mode.javaScriptEnabled);

      const offer = winner.getByTestId(`offer-${job.reference}`);
      await expect(offer).toContainText("NE1 → NE2");
      await expect(offer).toContainText("Your share £60.00");
      // No street, no customer before it is taken.
      const offers = winner.getByRole("region", { name: /Available jobs/ });
      await expect(offers).not.toContainText("Grey Street");
      await expect(offers).not.toContainText("Olive");
      await expect(other.getByTestId(`offer-${job.reference}`)).toBeVisible();
      await winner.screenshot({
        path: `test-results/screens/driver-offers-${mode.javaScriptEnabled ? "js" : "nojs"}.png`,
        fullPage: true,
      });

      await offer.getByRole("button", { name: "Take this job" }).click();
      await expect(winner.getByTestId("toast").filter({ hasText: "Job taken" })).toBeVisible();
      const card = winner.getByTestId(`job-${job.reference}`);
      await expect(card).toContainText("12 Grey Street");
      await expect(card).toContainText("Olive Opencustomer");
      await expect(winner.getByTestId(`offer-${job.reference}`)).toHaveCount(0);

      // The other driver's open list: live with JavaScript; without, on the next load, and a
      // late press is answered that another driver took it.
      if (mode.javaScriptEnabled) await expect(other.getByTestId(`offer-${job.reference}`)).toHaveCount(0);
      else {
        await other.getByTestId(`offer-${job.reference}`).getByRole("button", { name: "Take this job" }).click();
        await expect(other.getByTestId("offers-answer")).toHaveText("Another driver has taken this job");
        await expect(other.getByTestId(`offer-${job.reference}`)).toHaveCount(0);
      }

      const customer = await signedInPage(job.customerEmail, { javaScriptEnabled: mode.javaScriptEnabled });
      await open(customer, `/booking-tracker?booking=${job.booking.id}`, mode.javaScriptEnabled);
      await expect(customer.getByText("Wendy Winner").first()).toBeVisible();
    });
  });
}
