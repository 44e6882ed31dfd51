import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CANCELLATION_SUMMARY } from "~/domain/claims";
import { FAQ_CATEGORIES, FAQS, faqCounts, filterFaqs, parseFaqFilter } from "~/domain/faq";
import { BIRMINGHAM_AREA_GROUPS, COVERAGE_REGIONS, LONDON_AREA_GROUPS, LONDON_SERVICES } from "~/domain/service-areas";
import { VAN_IMAGES, vanImages } from "~/domain/van-images";
import { VAN_GUIDE, VAN_SIZES } from "~/domain/vans";
import { DEFAULT_PUBLIC_CONFIG } from "~/utils/config";
import { INDEXABLE_PAGES, robotsTxt, sitemapXml } from "~/utils/indexable-pages";
import { serializeJsonLd } from "~/utils/json-ld";
import {
  breadcrumbJsonLd,
  coverageAreas,
  faqPageJsonLd,
  movingCompanyJsonLd,
  PAYMENT_METHODS,
} from "~/utils/structured-data";

const config = { ...DEFAULT_PUBLIC_CONFIG, siteUrl: "https://easymove.example" };
const rating = { value: "4.6", count: 321 };
const allAnswers = FAQS.map((faq) => faq.answer).join("\n");

describe("the product's claims", () => {
  it("states the cancellation and price figures in the FAQ and the cancellation summary", () => {
    expect(allAnswers).toContain("insurance with cover from £1 million");
    expect(allAnswers).toContain("only about 65% of applicants pass");
    expect(allAnswers).toContain("a customer rating of at least 4.7/5");
    expect(allAnswers).toContain("Any single item over 25 kg");
    expect(CANCELLATION_SUMMARY).toMatch(/more than 24 hours before your move and it is free/);
    expect(CANCELLATION_SUMMARY).toMatch(/less than 24 hours before and you pay 50%/);
    expect(CANCELLATION_SUMMARY).toMatch(/no-show\), you pay 100%/);
  });
});

describe("FAQ", () => {
  it("has the five filters, All first", () => {
    expect(FAQ_CATEGORIES.map((category) => category.label)).toEqual([
      "All",
      "Pricing",
      "Booking",
      "Service",
      "Policy",
    ]);
  });

  it("counts questions per category, All being the total", () => {
    const counts = faqCounts();
    expect(counts.all).toBe(FAQS.length);
    expect(counts.pricing + counts.booking + counts.service + counts.policy).toBe(FAQS.length);
    for (const category of ["pricing", "booking", "service", "policy"] as const) {
      expect(counts[category]).toBeGreaterThan(0);
      expect(counts[category]).toBe(FAQS.filter((faq) => faq.category === category).length);
    }
    expect(faqCounts([{ id: "x", category: "policy", question: "q", answer: "a" }])).toEqual({
      all: 1,
      pricing: 0,
      booking: 0,
      service: 0,
      policy: 1,
    });
  });

  it("filters by category and reads the filter from the URL leniently", () => {
    expect(filterFaqs("all")).toHaveLength(FAQS.length);
    expect(filterFaqs("pricing").every((faq) => faq.category === "pricing")).toBe(true);
    expect(parseFaqFilter("pricing")).toBe("pricing");
    expect(parseFaqFilter(" Policy ")).toBe("policy");
    expect(parseFaqFilter("nonsense")).toBe("all");
    expect(parseFaqFilter(null)).toBe("all");
  });

  it("has unique ids and questions", () => {
    expect(new Set(FAQS.map((faq) => faq.id)).size).toBe(FAQS.length);
    expect(new Set(FAQS.map((faq) => faq.question)).size).toBe(FAQS.length);
  });

  it("states the product's facts in its answers", () => {
    expect(allAnswers).toContain("from £1 million");
    expect(allAnswers).toContain("65% of applicants pass");
    expect(allAnswers).toContain("at least 4.7/5");
    expect(allAnswers).toContain("over 25 kg");
    expect(allAnswers).toContain(CANCELLATION_SUMMARY);
  });

  it("quotes prices that match the pricing rules", () => {
    expect(allAnswers).toContain("£15 base fare plus £2.00 a mile for the first 50 miles and £1.75 a mile after that");
    expect(allAnswers).toContain("Priority (within 3 days) adds 25% and Express (next day) adds 50%");
    expect(allAnswers).toContain("Helpers cost £25 an hour (2 hours each)");
  });
});

describe("service areas", () => {
  it("covers London, Essex, North East and West Midlands with the product's cities", () => {
    expect(COVERAGE_REGIONS.map((region) => region.name)).toEqual(["London", "Essex", "North East", "West Midlands"]);
    const cities = COVERAGE_REGIONS.flatMap((region) => region.cities);
    for (const city of ["London", "Newcastle upon Tyne", "Birmingham", "Chelmsford"]) expect(cities).toContain(city);
  });

  it("lists five London areas with five boroughs each, and Birmingham's three", () => {
    expect(LONDON_AREA_GROUPS.map((group) => group.name)).toEqual([
      "Central London",
      "North London",
      "South London",
      "East London",
      "West London",
    ]);
    for (const group of LONDON_AREA_GROUPS) expect(group.areas).toHaveLength(5);
    expect(new Set(LONDON_AREA_GROUPS.flatMap((group) => group.areas)).size).toBe(25);
    expect(BIRMINGHAM_AREA_GROUPS.map((group) => group.name)).toEqual([
      "City Centre",
      "South Birmingham",
      "North Birmingham",
    ]);
    for (const group of BIRMINGHAM_AREA_GROUPS) expect(group.areas.length).toBeGreaterThan(0);
  });

  it("lists London's four services", () => {
    expect(LONDON_SERVICES.map((service) => service.name)).toEqual([
      "House removals",
      "Office moving",
      "Furniture delivery",
      "Same-day delivery",
    ]);
  });
});

describe("van images", () => {
  it("has three of our own drawings per size, each a file in public/", () => {
    expect(Object.keys(VAN_IMAGES).sort()).toEqual([...VAN_SIZES].sort());
    for (const size of VAN_SIZES) {
      const images = vanImages(size);
      expect(images).toHaveLength(3);
      for (const image of images) {
        expect(image.path).toMatch(new RegExp(`^/images/vans/${size}-[a-z]+\\.svg$`));
        expect(image.alt).toContain(VAN_GUIDE.find((van) => van.id === size)!.title);
        const file = path.join("public", image.path);
        expect(fs.existsSync(file), file).toBe(true);
        expect(fs.readFileSync(file, "utf8")).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      }
    }
  });
});

describe("structured data", () => {
  it("describes the business as a MovingCompany with configured contact details and its customers' rating", () => {
    const data = JSON.parse(serializeJsonLd(movingCompanyJsonLd(config, rating)));
    expect(data["@context"]).toBe("https://schema.org");
    expect(data["@type"]).toBe("MovingCompany");
    expect(data.name).toBe(config.brandName);
    expect(data.url).toBe("https://easymove.example/");
    expect(data.telephone).toBe(config.supportPhone);
    expect(data.email).toBe(config.supportEmail);
    expect(data.priceRange).toBe("££");
    expect(data.paymentAccepted).toBe(PAYMENT_METHODS.join(", "));
    expect(data.paymentAccepted).toContain("PayPal");
    expect(data.currenciesAccepted).toBe("GBP");
    expect(data.image).toBe("https://easymove.example/images/og-image.jpg");
    expect(data.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.6,
      ratingCount: 321,
      bestRating: 5,
      worstRating: 1,
    });
    expect(data.address.addressLocality).toBe("Newcastle upon Tyne");
    const areaNames = data.areaServed.map((area: { name: string }) => area.name);
    for (const name of [
      "London",
      "Essex",
      "North East England",
      "West Midlands",
      "Newcastle upon Tyne",
      "Birmingham",
      "Chelmsford",
    ]) {
      expect(areaNames).toContain(name);
    }
    expect(coverageAreas().filter((area) => area.name === "London")).toHaveLength(1);
  });

  it("states no rating while customers have given too few (nothing made up)", () => {
    const data = movingCompanyJsonLd(config, null);
    expect(data).not.toHaveProperty("aggregateRating");
  });

  it("narrows the area served for a service page", () => {
    const data = movingCompanyJsonLd(config, rating, {
      path: "/london-services",
      areaServed: [{ "@type": "City", name: "London" }],
    });
    expect(data.url).toBe("https://easymove.example/london-services");
    expect(data.areaServed).toEqual([{ "@type": "City", name: "London" }]);
  });

  it("gives the FAQ as a FAQPage of questions and accepted answers", () => {
    const data = faqPageJsonLd(FAQS);
    expect(data["@type"]).toBe("FAQPage");
    const entities = data.mainEntity as {
      "@type": string;
      name: string;
      acceptedAnswer: { "@type": string; text: string };
    }[];
    expect(entities).toHaveLength(FAQS.length);
    expect(entities[0]).toEqual({
      "@type": "Question",
      name: FAQS[0]!.question,
      acceptedAnswer: { "@type": "Answer", text: FAQS[0]!.answer },
    });
  });

  it("numbers breadcrumbs from 1 with absolute URLs", () => {
    const data = breadcrumbJsonLd(
      [
        { name: "Home", path: "/" },
        { name: "London Services", path: "/london-services" },
      ],
      config,
    );
    expect(data).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: "https://easymove.example/" },
        { "@type": "ListItem", position: 2, name: "London Services", item: "https://easymove.example/london-services" },
      ],
    });
  });

  it("serialises safely inside a script element", () => {
    const json = serializeJsonLd({ "@context": "https://schema.org", "@type": "Thing", name: "</script><b>&" });
    expect(json).not.toContain("</script>");
    expect(json).not.toContain("<");
    expect(JSON.parse(json).name).toBe("</script><b>&");
  });
});

describe("sitemap and robots", () => {
  it("lists exactly the indexable pages on the site URL", () => {
    const xml = sitemapXml("https://easymove.example");
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual(INDEXABLE_PAGES.map((page) => `https://easymove.example${page.path}`));
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  });

  it("holds the public pages and none of the private ones", () => {
    const paths = INDEXABLE_PAGES.map((page) => page.path);
    expect([...paths].sort()).toEqual(
      [
        "/",
        "/quote",
        "/calculator",
        "/distance-calculator",
        "/driver-registration",
        "/cover",
        "/terms-and-conditions",
        "/accessibility",
        "/support",
        "/london-services",
        "/birmingham-services",
        "/business",
        "/business/signup",
        "/signin",
        "/signup",
      ].sort(),
    );
    for (const hidden of [
      "/checkout",
      "/booking-confirmation",
      "/booking-tracker",
      "/admin/dashboard",
      "/payment-test",
      "/test-detailed-quotes",
    ]) {
      expect(paths).not.toContain(hidden);
    }
  });

  it("escapes URLs in the XML", () => {
    expect(sitemapXml("https://a.example", [{ path: "/?a=1&b=2", changefreq: "weekly", priority: 0.5 }])).toContain(
      "<loc>https://a.example/?a=1&amp;b=2</loc>",
    );
  });

  it("points robots.txt at the sitemap and keeps crawlers out of the JSON API", () => {
    const text = robotsTxt("https://easymove.example");
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Disallow: /api/");
    expect(text).toContain("Sitemap: https://easymove.example/sitemap.xml");
  });
});
