import { describe, expect, it } from "vitest";
import { seo, SHARE_IMAGE } from "~/utils/seo";

const matches = [
  {
    id: "root",
    data: {
      config: {
        siteUrl: "https://easymove.example",
        brandName: "EasyMove",
        supportPhone: "",
        supportEmail: "",
        ratingValue: 4.8,
      },
    },
  },
];

function find(tags: ReturnType<typeof seo>, key: string, value: string) {
  return tags.find((tag) => (tag as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;
}

describe("seo", () => {
  it("gives title, description, canonical URL, Open Graph and Twitter tags", () => {
    const tags = seo({ title: "Get a Quote", description: "Instant prices", path: "/quote", matches });
    expect(tags).toContainEqual({ title: "Get a Quote | EasyMove" });
    expect(find(tags, "rel", "canonical")?.href).toBe("https://easymove.example/quote");
    expect(find(tags, "property", "og:url")?.content).toBe("https://easymove.example/quote");
    expect(find(tags, "property", "og:image")?.content).toBe(`https://easymove.example${SHARE_IMAGE.path}`);
    expect(find(tags, "property", "og:image:width")?.content).toBe("1200");
    expect(find(tags, "property", "og:image:height")?.content).toBe("630");
    expect(find(tags, "name", "twitter:card")?.content).toBe("summary_large_image");
    expect(find(tags, "name", "robots")).toBeUndefined();
  });

  it("marks pages noindex when asked", () => {
    const tags = seo({ title: "Checkout", description: "Pay", path: "/checkout", matches, noindex: true });
    expect(find(tags, "name", "robots")?.content).toBe("noindex, nofollow");
  });

  it("puts the configured brand where a title or description says {brand}, and no second time", () => {
    const movers = [{ id: "root", data: { config: { ...matches[0]!.data.config, brandName: "Vanly" } } }];
    const tags = seo({
      title: "{brand}: Man and Van",
      description: "Sign in to your {brand} account.",
      path: "/",
      matches: movers,
    });
    expect(tags).toContainEqual({ title: "Vanly: Man and Van" });
    expect(find(tags, "name", "description")?.content).toBe("Sign in to your Vanly account.");
    expect(find(tags, "property", "og:title")?.content).toBe("Vanly: Man and Van");
    expect(seo({ title: "Sign In", description: "d", path: "/signin", matches: movers })).toContainEqual({
      title: "Sign In | Vanly",
    });
  });
});
