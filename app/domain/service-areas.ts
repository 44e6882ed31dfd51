// Where we work: the four coverage regions with their cities and the
// areas listed on the London and Birmingham service pages.

export interface CoverageRegion {
  id: "london" | "essex" | "north-east" | "west-midlands";
  name: string;
  cities: readonly string[];
  /** A service page for the region, when there is one. */
  servicePage?: string;
}

export const COVERAGE_REGIONS: readonly CoverageRegion[] = [
  {
    id: "london",
    name: "London",
    cities: ["London", "Croydon", "Kingston upon Thames", "Harrow", "Romford"],
    servicePage: "/london-services",
  },
  { id: "essex", name: "Essex", cities: ["Chelmsford", "Colchester", "Southend-on-Sea", "Basildon", "Brentwood"] },
  {
    id: "north-east",
    name: "North East",
    cities: ["Newcastle upon Tyne", "Sunderland", "Durham", "Gateshead", "Middlesbrough"],
  },
  {
    id: "west-midlands",
    name: "West Midlands",
    cities: ["Birmingham", "Coventry", "Wolverhampton", "Solihull", "Walsall"],
    servicePage: "/birmingham-services",
  },
];

export interface AreaGroup {
  name: string;
  areas: readonly string[];
}

/** London's areas: five boroughs in each of five parts of the city. */
export const LONDON_AREA_GROUPS: readonly AreaGroup[] = [
  { name: "Central London", areas: ["City of London", "Westminster", "Camden", "Islington", "Kensington and Chelsea"] },
  { name: "North London", areas: ["Barnet", "Enfield", "Haringey", "Harrow", "Brent"] },
  { name: "South London", areas: ["Croydon", "Lambeth", "Southwark", "Wandsworth", "Lewisham"] },
  { name: "East London", areas: ["Hackney", "Tower Hamlets", "Newham", "Redbridge", "Waltham Forest"] },
  {
    name: "West London",
    areas: ["Ealing", "Hammersmith and Fulham", "Hounslow", "Hillingdon", "Richmond upon Thames"],
  },
];

export const BIRMINGHAM_AREA_GROUPS: readonly AreaGroup[] = [
  { name: "City Centre", areas: ["Jewellery Quarter", "Digbeth", "Ladywood", "Edgbaston", "Southside"] },
  { name: "South Birmingham", areas: ["Selly Oak", "Kings Heath", "Moseley", "Bournville", "Northfield"] },
  { name: "North Birmingham", areas: ["Sutton Coldfield", "Erdington", "Kingstanding", "Perry Barr", "Handsworth"] },
];

export const LONDON_SERVICES: readonly { name: string; description: string }[] = [
  {
    name: "House removals",
    description: "Flats and houses moved with a van and, if you need them, one or two helpers.",
  },
  { name: "Office moving", description: "Desks, files and equipment moved out of hours so your team keeps working." },
  {
    name: "Furniture delivery",
    description: "Single pieces collected from a shop, a seller or storage and carried in.",
  },
  { name: "Same-day delivery", description: "Book in the morning, moved the same day, across every London borough." },
];
