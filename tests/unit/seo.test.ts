import { describe, expect, it } from "vitest";
import { seo, SHARE_IMAGE } from "~/utils/seo";

const matches = [{ id: "root", data: { config: { siteUrl: "https://easymove.example", brandName: "EasyMove", supportPhone: "", supportEmail: "", ratingValue: 4.8 } } }];

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

  it("does not repeat the brand in a title that has it", () => {
    expect(seo({ title: "EasyMove: Man and Van", description: "d", path: "/" })).toContainEqual({ title: "EasyMove: Man and Van" });
  });
});
