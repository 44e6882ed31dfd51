// Home page sections, FAQ, van guide, terms and service pages, with JavaScript off and on;
// their search metadata and structured data; sitemap.xml and robots.txt.
import { FAQS, faqCounts } from "~/domain/faq";
import { LONDON_AREA_GROUPS, BIRMINGHAM_AREA_GROUPS } from "~/domain/service-areas";
import { vanImages } from "~/domain/van-images";
import { VAN_GUIDE } from "~/domain/vans";
import { DEFAULT_PUBLIC_CONFIG } from "~/utils/config";
import { INDEXABLE_PAGES } from "~/utils/indexable-pages";
import { expect, test, type Page } from "./fixtures";
import { jsModes, waitForHydration, open } from "./helpers";

// The e2e server runs with the default brand configuration (playwright.config.ts).
const PHONE = DEFAULT_PUBLIC_CONFIG.supportPhone;
const EMAIL = DEFAULT_PUBLIC_CONFIG.supportEmail;

type JsonLdNode = Record<string, unknown> & { "@type": string };

async function structuredData(page: Page): Promise<JsonLdNode[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.flatMap((text) => JSON.parse(text) as JsonLdNode | JsonLdNode[]);
}

for (const mode of jsModes) {
  test.describe(`home page ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("has the hero, every section and one h1", async ({ page }) => {
      await open(page, "/", mode.javaScriptEnabled, { status: 200 });
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Man and van with an instant, fixed price");
      for (const [id, heading] of [
        ["how-it-works", "How It Works"],
        ["about", "About EasyMove"],
        ["van-guide", "Van Size Guide"],
        ["areas", "Areas We Cover"],
        ["faq", "Frequently Asked Questions"],
      ]) {
        await expect(page.locator(`section#${id}`).getByRole("heading", { level: 2 }).first()).toHaveText(heading);
      }
      await expect(page.locator("#quote")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Ready to move?" })).toBeVisible();
      const steps = page.locator("#how-it-works ol > li");
      await expect(steps).toHaveCount(4);
    });

    test("areas served list the four regions with their cities", async ({ page }) => {
      await open(page, "/", mode.javaScriptEnabled, { status: 200 });
      const areas = page.locator("#areas");
      for (const [region, cities] of [
        ["london", ["London", "Croydon"]],
        ["essex", ["Chelmsford", "Colchester"]],
        ["north-east", ["Newcastle upon Tyne", "Sunderland"]],
        ["west-midlands", ["Birmingham", "Coventry"]],
      ] as const) {
        const card = areas.getByTestId(`region-${region}`);
        for (const city of cities)
          await expect(card.getByRole("listitem").filter({ hasText: new RegExp(`^${city}$`) })).toBeVisible();
      }
      await expect(areas.getByRole("link", { name: "Our London services" })).toHaveAttribute(
        "href",
        "/london-services",
      );
      await expect(areas.getByRole("link", { name: "Our Birmingham services" })).toHaveAttribute(
        "href",
        "/birmingham-services",
      );
    });

    test("every Get Your Quote and Get Instant Quote goes to the quote form", async ({ page }) => {
      await open(page, "/", mode.javaScriptEnabled, { status: 200 });
      const quoteLinks = page.getByRole("link", { name: /^(Get Your Quote|Get Instant Quote)$/ });
      expect(await quoteLinks.count()).toBeGreaterThanOrEqual(4);
      for (const href of await quoteLinks.evaluateAll((links) => links.map((link) => link.getAttribute("href")))) {
        expect(href).toMatch(/^\/?#quote$/);
      }
      await page.getByRole("region", { name: "Ready to move?" }).getByRole("link", { name: "Get Your Quote" }).click();
      await expect(page).toHaveURL(/#quote$/);
      await expect(page.locator("#quote")).toBeInViewport();
    });

    test("states no rating while customers have rated fewer than 10 moves, nor in the structured data", async ({
      page,
    }) => {
      // The demo has one rating of a completed move: too few to state a rating (DMCC Act 2024).
      await open(page, "/", mode.javaScriptEnabled, { status: 200 });
      await expect(page.getByTestId("hero-rating")).toHaveCount(0);
      await expect(page.getByTestId("about-rating")).toHaveCount(0);
      await expect(page.locator("main")).not.toContainText(/Rated \d(\.\d)?\/5/);
      const business = (await structuredData(page)).find((node) => node["@type"] === "MovingCompany")!;
      expect(business).toBeDefined();
      expect(business).toMatchObject({
        "@context": "https://schema.org",
        name: "EasyMove",
        telephone: PHONE,
        email: EMAIL,
        priceRange: "££",
        currenciesAccepted: "GBP",
        paymentAccepted: "Cash, Credit Card, Stripe, PayPal",
      });
      expect(business).not.toHaveProperty("aggregateRating");
      const areaNames = (business.areaServed as { name: string }[]).map((area) => area.name);
      expect(areaNames).toEqual(
        expect.arrayContaining(["London", "Essex", "North East England", "West Midlands", "Newcastle upon Tyne"]),
      );
    });

    test("the hero image comes from configuration over a gradient", async ({ page }) => {
      await open(page, "/", mode.javaScriptEnabled, { status: 200 });
      const hero = page.getByTestId("hero");
      await expect(hero).toHaveCSS("background-image", /linear-gradient/);
      const image = page.getByTestId("hero-image");
      await expect(image).toHaveAttribute("src", "/images/hero.svg");
      await expect(image).toHaveAttribute("alt", "");
      if (mode.javaScriptEnabled) await expect(image).toHaveAttribute("data-state", "loaded");
    });

    test("a failing hero image leaves the gradient, and never holds up the form", async ({ page }) => {
      await page.route("**/images/hero.svg", (route) => route.abort());
      await open(page, "/", mode.javaScriptEnabled, { status: 200 });
      await expect(page.locator("#quote")).toBeVisible();
      await expect(page.getByTestId("hero")).toHaveCSS("background-image", /linear-gradient/);
      if (mode.javaScriptEnabled) {
        await expect(page.getByTestId("hero-image")).toHaveCount(0);
        await expect(page.getByTestId("hero-image-fallback")).toBeAttached();
      } else {
        // Without JavaScript the broken image has an empty alt, so nothing but the gradient shows.
        await expect(page.getByTestId("hero-image")).toHaveAttribute("alt", "");
      }
    });

    test("a slow hero image never delays the form", async ({ page }) => {
      await page.route("**/images/hero.svg", async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 9_000));
        await route.continue().catch(() => {});
      });
      const started = Date.now();
      await page.goto("/", { waitUntil: "domcontentloaded" });
      await expect(page.locator("#quote")).toBeVisible();
      if (mode.javaScriptEnabled) await waitForHydration(page);
      expect(Date.now() - started).toBeLessThan(4_000);
      if (mode.javaScriptEnabled) {
        // After 5 s without the image, it gives way to the gradient.
        await expect(page.getByTestId("hero-image")).toHaveAttribute("data-state", "pending");
        await expect(page.getByTestId("hero-image-fallback")).toBeAttached({ timeout: 8_000 });
        const elapsed = Date.now() - started;
        expect(elapsed).toBeGreaterThan(4_500);
        expect(elapsed).toBeLessThan(8_000);
        await expect(page.getByTestId("hero-image")).toHaveCount(0);
      }
    });

    if (mode.javaScriptEnabled) {
      test("after a client-side navigation home, a slow hero image still gets its full 5 s", async ({ page }) => {
        await open(page, "/london-services", true, { status: 200 });
        await page.waitForTimeout(5_500); // longer than the timeout, counted from the first page load
        await page.route("**/images/hero.svg", async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 9_000));
          await route.continue().catch(() => {});
        });
        const started = Date.now();
        await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Home" }).click();
        await expect(page.getByTestId("hero-image")).toHaveAttribute("data-state", "pending");
        await expect(page.getByTestId("hero-image-fallback")).toBeAttached({ timeout: 8_000 });
        expect(Date.now() - started).toBeGreaterThan(4_500);
      });
    }
  });

  test.describe(`FAQ ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });
    const counts = faqCounts();

    test("shows every question under All, with a count per category", async ({ page }) => {
      await open(page, "/", mode.javaScriptEnabled, { status: 200 });
      const filters = page.getByRole("navigation", { name: "FAQ categories" });
      for (const [label, id] of [
        ["All", "all"],
        ["Pricing", "pricing"],
        ["Booking", "booking"],
        ["Service", "service"],
        ["Policy", "policy"],
      ] as const) {
        await expect(filters.getByRole("link", { name: `${label} (${counts[id]} questions)` })).toBeVisible();
      }
      await expect(filters.getByRole("link", { name: /^All/ })).toHaveAttribute("aria-current", "true");
      await expect(page.getByTestId("faq-list").locator("details")).toHaveCount(FAQS.length);
    });

    test("filters by category with links", async ({ page }) => {
      await open(page, "/", mode.javaScriptEnabled, { status: 200 });
      // With JavaScript: scroll (at once, not smoothly) so the filters sit mid-screen, and mark
      // the window to prove no page load happens.
      const before = mode.javaScriptEnabled
        ? await page.evaluate(() => {
            const filters = document.querySelector('nav[aria-label="FAQ categories"]')!;
            window.scrollTo({ top: filters.getBoundingClientRect().top + window.scrollY - 300, behavior: "instant" });
            (window as unknown as { marker: number }).marker = 1;
            return window.scrollY;
          })
        : 0;
      const filters = page.getByRole("navigation", { name: "FAQ categories" });
      await filters.getByRole("link", { name: /^Pricing/ }).click();
      await expect(page).toHaveURL(mode.javaScriptEnabled ? /\/\?faq=pricing$/ : /\/\?faq=pricing#faq$/);
      const questions = page.getByTestId("faq-list").locator("details");
      await expect(questions).toHaveCount(counts.pricing);
      await expect(page.getByTestId("faq-list").locator('details[data-category="pricing"]')).toHaveCount(
        counts.pricing,
      );
      await expect(filters.getByRole("link", { name: /^Pricing/ })).toHaveAttribute("aria-current", "true");
      await expect(filters.getByRole("link", { name: /^All/ })).not.toHaveAttribute("aria-current", "true");
      await expect(questions.first()).toContainText(FAQS.find((item) => item.category === "pricing")!.question);
      if (mode.javaScriptEnabled) {
        // No page load and no jump: the filter changes in place.
        expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
        expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThan(5);
      } else {
        await expect(page.locator("#faq")).toBeInViewport();
      }

      await filters.getByRole("link", { name: /^Policy/ }).click();
      await expect(questions).toHaveCount(counts.policy);
      await expect(page.getByText("What is your cancellation policy?")).toBeVisible();
      await filters.getByRole("link", { name: /^All/ }).click();
      await expect(questions).toHaveCount(FAQS.length);
    });

    test("a filter link works when opened directly, and an unknown one shows all", async ({ page }) => {
      await open(page, "/?faq=service#faq", mode.javaScriptEnabled, { status: 200 });
      await expect(page.getByTestId("faq-list").locator("details")).toHaveCount(counts.service);
      await open(page, "/?faq=nonsense", mode.javaScriptEnabled, { status: 200 });
      await expect(page.getByTestId("faq-list").locator("details")).toHaveCount(FAQS.length);
    });

    test("answers expand one at a time and state the product's facts", async ({ page }) => {
      await open(page, "/", mode.javaScriptEnabled, { status: 200 });
      const item = (question: string) => page.getByTestId("faq-list").locator("details", { hasText: question });
      const insurance = item("Are my belongings insured?");
      const vetting = item("How do you choose your drivers?");
      await expect(insurance.getByText(/from £1 million/)).toBeHidden();

      await insurance.locator("summary").click();
      await expect(insurance).toHaveAttribute("open", "");
      await expect(insurance.getByText(/from £1 million/)).toBeVisible();

      await vetting.locator("summary").click();
      await expect(vetting.getByText(/65% of applicants pass/)).toBeVisible();
      await expect(vetting).toContainText("at least 4.7/5");
      await expect(insurance).not.toHaveAttribute("open", "");
      await expect(page.getByTestId("faq-list").locator("details[open]")).toHaveCount(1);

      // Clicking the open one closes it.
      await vetting.locator("summary").click();
      await expect(vetting).not.toHaveAttribute("open", "");
      await expect(page.getByTestId("faq-list").locator("details[open]")).toHaveCount(0);

      await item("Do I need a helper for heavy items?").locator("summary").click();
      await expect(item("Do I need a helper for heavy items?")).toContainText("over 25 kg");
      await item("What is your cancellation policy?").locator("summary").click();
      const cancellation = item("What is your cancellation policy?");
      await expect(cancellation).toContainText("more than 24 hours before your move and it is free");
      await expect(cancellation).toContainText("less than 24 hours before and you pay 50%");
      await expect(cancellation).toContainText("you pay 100%");
    });

    test("works from the keyboard", async ({ page }) => {
      await open(page, "/", mode.javaScriptEnabled, { status: 200 });
      const first = page.getByTestId("faq-list").locator("details").first();
      await first.locator("summary").focus();
      await page.keyboard.press("Enter");
      await expect(first).toHaveAttribute("open", "");
      await page.keyboard.press("Enter");
      await expect(first).not.toHaveAttribute("open", "");
      await page
        .getByRole("navigation", { name: "FAQ categories" })
        .getByRole("link", { name: /^Booking/ })
        .focus();
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("faq-list").locator("details")).toHaveCount(counts.booking);
    });

    test("has support links and FAQPage structured data", async ({ page }) => {
      await open(page, "/?faq=policy", mode.javaScriptEnabled, { status: 200 });
      const support = page.getByTestId("faq-support");
      await expect(support.getByRole("link", { name: `E-mail ${EMAIL}` })).toHaveAttribute("href", `mailto:${EMAIL}`);
      await expect(support.getByRole("link", { name: `Call ${PHONE}` })).toHaveAttribute(
        "href",
        `tel:${PHONE.replace(/\s/g, "")}`,
      );
      // Live chat is with support: a visitor's contact form, or support on a customer's booking.
      await expect(support.getByRole("link", { name: "Live chat" })).toHaveAttribute("href", "/support");
      const faqPage = (await structuredData(page)).find((node) => node["@type"] === "FAQPage")!;
      const entities = faqPage.mainEntity as {
        "@type": string;
        name: string;
        acceptedAnswer: { "@type": string; text: string };
      }[];
      // Every question, whatever the filter on screen.
      expect(entities.map((entity) => entity.name)).toEqual(FAQS.map((faq) => faq.question));
      for (const entity of entities) {
        expect(entity["@type"]).toBe("Question");
        expect(entity.acceptedAnswer["@type"]).toBe("Answer");
        expect(entity.acceptedAnswer.text.length).toBeGreaterThan(20);
      }
    });
  });

  test.describe(`van size guide ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("has one entry per size with the product's figures", async ({ page }) => {
      await open(page, "/", mode.javaScriptEnabled, { status: 200 });
      for (const van of VAN_GUIDE) {
        const entry = page.getByTestId(`van-${van.id}`);
        await expect(entry.getByRole("heading", { level: 3 })).toHaveText(van.title);
        for (const [term, value] of [
          ["Load space", van.loadSpace],
          ["Max length", van.maxLength],
          ["Payload", van.payload],
          ["Capacity", van.capacity],
          ["Best for", van.bestFor],
        ]) {
          await expect(entry.locator("dt", { hasText: term }).locator("+ dd")).toHaveText(value);
        }
      }
      await expect(page.getByTestId("van-luton")).toContainText("18+ m³");
      await expect(page.getByTestId("van-medium")).toContainText("80-100 cubic feet");
    });

    test("rotates each van's pictures every 5 seconds in CSS", async ({ page, request }) => {
      await open(page, "/", mode.javaScriptEnabled, { status: 200 });
      const carousel = page.getByTestId("van-small-carousel");
      await carousel.scrollIntoViewIfNeeded();
      const images = carousel.locator("img");
      await expect(images).toHaveCount(3);
      // The pictures are the ones the API lists, sized and lazy.
      const api = await (await request.get("/api/images/van/small")).json();
      expect(await images.evaluateAll((list) => list.map((image) => image.getAttribute("src")))).toEqual(api.paths);
      expect(api.paths).toEqual(vanImages("small").map((image) => image.path));
      for (const attribute of ["width", "height"]) await expect(images.first()).toHaveAttribute(attribute, /\d+/);
      await expect(images.first()).toHaveAttribute("loading", "lazy");

      await expect(images.nth(0)).toHaveCSS("opacity", "1");
      await expect(images.nth(1)).toHaveCSS("opacity", "0");
      await expect(images.nth(0)).toHaveCSS("animation-duration", "15s");
      await expect(images.nth(1)).toHaveCSS("animation-delay", "5s");
      // The second picture takes over after 5 s, the third after 10 s: the animations are moved
      // to those moments (the Web Animations API), not waited out.
      const at = (ms: number) =>
        images.evaluateAll((list, time) => {
          for (const image of list)
            for (const animation of image.getAnimations()) {
              animation.pause();
              animation.currentTime = time;
            }
        }, ms);
      await at(6_000);
      await expect(images.nth(1)).toHaveCSS("opacity", "1");
      await expect(images.nth(0)).toHaveCSS("opacity", "0");
      await at(11_000);
      await expect(images.nth(2)).toHaveCSS("opacity", "1");
      await expect(images.nth(1)).toHaveCSS("opacity", "0");
    });

    test("holds still for prefers-reduced-motion and with the pause switch", async ({ page }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await open(page, "/", mode.javaScriptEnabled, { status: 200 });
      const images = page.getByTestId("van-large-carousel").locator("img");
      await expect(images.nth(0)).toHaveCSS("animation-name", "none");
      await expect(images.nth(0)).toHaveCSS("opacity", "1");
      await expect(images.nth(1)).toHaveCSS("opacity", "0");

      await page.emulateMedia({ reducedMotion: "no-preference" });
      await page.getByLabel("Pause the rotating van pictures").check();
      await expect(images.nth(0)).toHaveCSS("animation-play-state", "paused");
      await page.getByLabel("Pause the rotating van pictures").uncheck();
      await expect(images.nth(0)).toHaveCSS("animation-play-state", "running");
    });
  });

  test.describe(`terms and service pages ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("terms and conditions have the ten sections and a last-updated date", async ({ page }) => {
      await open(page, "/terms-and-conditions", mode.javaScriptEnabled, { status: 200 });
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms and Conditions");
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.getByTestId("terms-last-updated")).toHaveText(/^Last updated: \d{1,2} [A-Z][a-z]+ \d{4}$/);
      const titles = await page.locator("article section h2").allTextContents();
      expect(titles).toEqual([
        "1. Introduction",
        "2. Platform Purpose",
        "3. Disclaimer of Liability",
        "4. Driver Vetting",
        "5. Booking and Cancellation",
        "6. Prohibited Items",
        "7. Payment Terms",
        "8. Privacy Policy",
        "9. Governing Law",
        "10. Contact Information",
      ]);
      const cancellation = page.getByTestId("cancellation-terms");
      await expect(cancellation).toContainText("more than 24 hours before the move is free");
      await expect(cancellation).toContainText("less than 24 hours before the move costs 50%");
      await expect(cancellation).toContainText("no-show");
      await expect(cancellation).toContainText("costs 100%");
      await expect(page.locator("#disclaimer-of-liability")).toContainText(
        "covers loss of or damage to your goods in transport up to the limits of your move's cover",
      );
      await expect(page.locator("#contact-information").getByRole("link", { name: EMAIL })).toHaveAttribute(
        "href",
        `mailto:${EMAIL}`,
      );
      await page.getByRole("navigation", { name: "Contents" }).getByRole("link", { name: "Governing Law" }).click();
      await expect(page).toHaveURL(/#governing-law$/);
      await expect(page.locator("#governing-law")).toBeInViewport();
    });

    test("London services: benefits, areas, services, breadcrumb and quote link", async ({ page }) => {
      await open(page, "/london-services", mode.javaScriptEnabled, { status: 200 });
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Man and van services across London");
      const benefits = page.getByTestId("benefits");
      await expect(benefits.getByRole("heading", { level: 3 })).toHaveText([
        "Same Day Service",
        "Fully Insured",
        "Rated After Every Move",
      ]);
      await expect(benefits).not.toContainText(/Rated \d(\.\d)?\/5/);
      const groups = page.getByTestId("area-groups");
      await expect(groups.getByRole("heading", { level: 3 })).toHaveText(LONDON_AREA_GROUPS.map((group) => group.name));
      for (const group of LONDON_AREA_GROUPS) {
        const list = groups
          .locator("div", { has: page.getByRole("heading", { name: group.name, exact: true }) })
          .getByRole("listitem");
        await expect(list).toHaveText([...group.areas]);
      }
      await expect(page.getByTestId("services").getByRole("heading", { level: 3 })).toHaveText([
        "House removals",
        "Office moving",
        "Furniture delivery",
        "Same-day delivery",
      ]);
      const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
      await expect(breadcrumb.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
      await expect(breadcrumb.getByText("London Services")).toHaveAttribute("aria-current", "page");

      const data = await structuredData(page);
      const crumbs = data.find((node) => node["@type"] === "BreadcrumbList")!;
      const base = new URL(page.url()).origin;
      expect(crumbs.itemListElement).toEqual([
        { "@type": "ListItem", position: 1, name: "Home", item: `${base}/` },
        { "@type": "ListItem", position: 2, name: "London Services", item: `${base}/london-services` },
      ]);
      const business = data.find((node) => node["@type"] === "MovingCompany")!;
      expect(business).toMatchObject({
        areaServed: [{ "@type": "City", name: "London" }],
        telephone: PHONE,
        priceRange: "££",
      });
      expect(business).not.toHaveProperty("aggregateRating");

      await page.getByRole("link", { name: "Get Your Quote" }).first().click();
      await expect(page).toHaveURL(/\/#quote$/);
      await expect(page.locator("#quote")).toBeVisible();
    });

    test("Birmingham services: benefits, areas, breadcrumb and quote link", async ({ page }) => {
      await open(page, "/birmingham-services", mode.javaScriptEnabled, { status: 200 });
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Man and van services in Birmingham");
      await expect(page.getByTestId("benefits").getByRole("heading", { level: 3 })).toHaveText([
        "Same Day Service",
        "Fully Insured",
        "Rated After Every Move",
      ]);
      const groups = page.getByTestId("area-groups");
      await expect(groups.getByRole("heading", { level: 3 })).toHaveText([
        "City Centre",
        "South Birmingham",
        "North Birmingham",
      ]);
      for (const group of BIRMINGHAM_AREA_GROUPS) {
        for (const area of group.areas) await expect(groups.getByText(area, { exact: true })).toBeVisible();
      }
      await expect(page.getByTestId("services")).toHaveCount(0);
      const crumbs = (await structuredData(page)).find((node) => node["@type"] === "BreadcrumbList")!;
      expect((crumbs.itemListElement as { name: string }[]).map((item) => item.name)).toEqual([
        "Home",
        "Birmingham Services",
      ]);
      for (const link of await page.getByRole("link", { name: "Get Your Quote" }).all()) {
        await expect(link).toHaveAttribute("href", "/#quote");
      }
    });
  });
}

test.describe("search metadata", () => {
  const pages = [
    { path: "/", title: "EasyMove: Man and Van with Instant Fixed Prices", jsonLd: true },
    { path: "/terms-and-conditions", title: "Terms and Conditions | EasyMove", jsonLd: false },
    { path: "/london-services", title: "Man and Van London: Removals and Same-Day Delivery | EasyMove", jsonLd: true },
    { path: "/birmingham-services", title: "Man and Van Birmingham: Fixed-Price Removals | EasyMove", jsonLd: true },
  ];
  for (const { path, title, jsonLd } of pages) {
    test(`${path} has its title, description, canonical URL and share cards`, async ({ page, baseURL }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${path}`);
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}${path}`);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
        "content",
        `${baseURL}/images/og-image.jpg`,
      );
      await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute("content", "1200");
      await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute("content", "630");
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
      if (!jsonLd) return;
      // The JSON-LD carries this request's CSP nonce.
      const nonce = await page
        .locator('script[type="application/ld+json"]')
        .first()
        .evaluate((script) => (script as HTMLScriptElement).nonce ?? "");
      expect(nonce.length).toBeGreaterThan(10);
    });
  }

  for (const path of ["/", "/?faq=pricing", "/terms-and-conditions", "/london-services", "/birmingham-services"]) {
    test(`${path} hydrates without errors and its images are sized, lazy below the fold and modern`, async ({
      page,
    }) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(path);
      await waitForHydration(page);
      const images = await page.locator("main img").evaluateAll((list) =>
        list.map((image) => ({
          src: image.getAttribute("src") ?? "",
          width: image.getAttribute("width"),
          height: image.getAttribute("height"),
          loading: image.getAttribute("loading"),
          belowFold: image.getBoundingClientRect().top > window.innerHeight,
        })),
      );
      for (const image of images) {
        expect(image.width, image.src).toMatch(/^\d+$/);
        expect(image.height, image.src).toMatch(/^\d+$/);
        expect(image.src, "a modern format").toMatch(/\.(svg|webp|avif)$/);
        if (image.belowFold) expect(image.loading, image.src).toBe("lazy");
      }
      expect(errors).toEqual([]);
    });
  }

  test("the share image is 1200×630", async ({ request }) => {
    const response = await request.get("/images/og-image.jpg");
    expect(response.status()).toBe(200);
    const bytes = await response.body();
    // JPEG SOF0/SOF2 marker: height then width, big-endian.
    let offset = 2;
    let size: { width: number; height: number } | null = null;
    while (offset < bytes.length) {
      const marker = bytes[offset + 1]!;
      const length = bytes.readUInt16BE(offset + 2);
      if (marker === 0xc0 || marker === 0xc2) {
        size = { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
        break;
      }
      offset += 2 + length;
    }
    expect(size).toEqual({ width: 1200, height: 630 });
  });
});

test.describe("sitemap.xml, robots.txt and the van images API", () => {
  test("sitemap.xml lists exactly the indexable pages, each a live page without noindex", async ({
    request,
    page,
    baseURL,
  }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    expect(locs).toEqual(INDEXABLE_PAGES.map((entry) => `${baseURL}${entry.path}`));
    for (const loc of locs) {
      const visit = await page.goto(loc);
      expect(visit?.status(), loc).toBe(200);
      await expect(page.locator('meta[name="robots"]'), loc).toHaveCount(0);
      await expect(page.locator('link[rel="canonical"]'), loc).toHaveAttribute("href", loc);
    }
  });

  test("the non-indexed pages carry noindex and are not in the sitemap", async ({ request, page }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    for (const path of ["/checkout", "/booking-confirmation", "/no-such-page"]) {
      expect(xml).not.toContain(`${path}<`);
      await page.goto(path);
      await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute("content", /noindex/);
    }
    // The tracker asks a visitor to sign in first; its own noindex is checked in tracker.spec.ts.
    expect(xml).not.toContain("/booking-tracker<");
  });

  test("robots.txt points to the sitemap", async ({ request, baseURL }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    const text = await response.text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    expect(text).not.toMatch(/^Disallow: \/$/m);
  });

  test("GET /api/images/van/{size} gives a path that is served, and 404 for an unknown size", async ({ request }) => {
    for (const van of VAN_GUIDE) {
      const response = await request.get(`/api/images/van/${van.id}`);
      expect(response.status()).toBe(200);
      const body = await response.json();
      expect(body.path).toBe(body.paths[0]);
      for (const path of body.paths) {
        const image = await request.get(path);
        expect(image.status(), path).toBe(200);
        expect(image.headers()["content-type"]).toContain("image/svg+xml");
      }
    }
    const unknown = await request.get("/api/images/van/enormous");
    expect(unknown.status()).toBe(404);
    expect((await unknown.json()).error).toMatch(/Unknown van size/);
  });
});
