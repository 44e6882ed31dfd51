// Where postcodes are, for the offline distance estimate (domain/distance.ts).
//
// Two tables of approximate centroids, [latitude, longitude] in WGS84 degrees:
// - DISTRICT_CENTROIDS: outward code (district) → centroid, for the four service regions
//   (London, Essex, North East, West Midlands) and the outer London districts around them.
//   Moves inside one town are the common case, and a town name alone would make every
//   such move zero miles, so the district is what makes the estimate useful.
// - AREA_CENTROIDS: postcode area → centroid, for every postcode area in the UK, as the
//   fallback for districts this table does not list.
//
// These are public geographic facts, written to about 1 km: good enough for an estimate
// the customer sees labelled "estimated", not for navigation. The comment after each
// entry names the main places it covers. Non-geographic districts (e.g. EC1P, SW95) are
// left out on purpose: they are PO boxes, not places a van can drive to.
//
// To add a district: look up its centroid, add a line here and, if it is a new region,
// a sanity check in tests/unit/distance.test.ts.

/** [latitude, longitude] in degrees. */
export type LatLng = readonly [lat: number, lng: number];

export const DISTRICT_CENTROIDS: Readonly<Record<string, LatLng>> = {
  // ---------- London: E ----------
  E1: [51.517, -0.058], // Whitechapel, Stepney, Spitalfields
  E1W: [51.507, -0.059], // Wapping
  E2: [51.529, -0.06], // Bethnal Green
  E3: [51.528, -0.024], // Bow
  E4: [51.625, -0.004], // Chingford
  E5: [51.559, -0.054], // Clapton
  E6: [51.532, 0.05], // East Ham
  E7: [51.548, 0.028], // Forest Gate
  E8: [51.543, -0.066], // Hackney, Dalston
  E9: [51.543, -0.043], // Homerton, South Hackney
  E10: [51.568, -0.013], // Leyton
  E11: [51.569, 0.012], // Leytonstone
  E12: [51.551, 0.052], // Manor Park
  E13: [51.527, 0.026], // Plaistow
  E14: [51.503, -0.018], // Poplar, Isle of Dogs
  E15: [51.541, 0.001], // Stratford
  E16: [51.51, 0.029], // Canning Town, Royal Docks
  E17: [51.585, -0.02], // Walthamstow
  E18: [51.592, 0.025], // South Woodford
  E20: [51.544, -0.014], // Olympic Park

  // ---------- London: EC (the City), with its sub-districts ----------
  EC1: [51.523, -0.102], // Clerkenwell
  EC1A: [51.518, -0.099], // Smithfield, St Bartholomew's
  EC1M: [51.521, -0.102], // Farringdon
  EC1N: [51.52, -0.108], // Hatton Garden
  EC1R: [51.525, -0.108], // Exmouth Market
  EC1V: [51.527, -0.097], // Finsbury, Old Street
  EC1Y: [51.523, -0.092], // Bunhill Fields
  EC2: [51.518, -0.085], // Moorgate, Liverpool Street
  EC2A: [51.523, -0.081], // Shoreditch (south)
  EC2M: [51.517, -0.08], // Liverpool Street
  EC2N: [51.515, -0.084], // Old Broad Street
  EC2R: [51.515, -0.091], // Bank
  EC2V: [51.515, -0.094], // Guildhall, Cheapside
  EC2Y: [51.519, -0.093], // Barbican
  EC3: [51.512, -0.081], // Aldgate, Fenchurch Street
  EC3A: [51.515, -0.078], // St Mary Axe
  EC3M: [51.512, -0.081], // Fenchurch Street, Lime Street
  EC3N: [51.511, -0.075], // Tower Hill
  EC3R: [51.51, -0.083], // Monument, Eastcheap
  EC3V: [51.513, -0.086], // Cornhill, Lombard Street
  EC4: [51.513, -0.1], // St Paul's, Fleet Street
  EC4A: [51.515, -0.109], // Fleet Street (north)
  EC4M: [51.514, -0.101], // St Paul's, Ludgate Hill
  EC4N: [51.512, -0.091], // Mansion House
  EC4R: [51.51, -0.091], // Cannon Street, Upper Thames Street
  EC4V: [51.511, -0.099], // Blackfriars
  EC4Y: [51.513, -0.108], // Temple

  // ---------- London: N ----------
  N1: [51.538, -0.097], // Islington, Hoxton
  N1C: [51.535, -0.125], // King's Cross Central
  N2: [51.588, -0.168], // East Finchley
  N3: [51.6, -0.193], // Finchley
  N4: [51.57, -0.104], // Finsbury Park
  N5: [51.553, -0.098], // Highbury
  N6: [51.57, -0.146], // Highgate
  N7: [51.553, -0.117], // Holloway
  N8: [51.583, -0.117], // Hornsey, Crouch End
  N9: [51.627, -0.06], // Lower Edmonton
  N10: [51.592, -0.143], // Muswell Hill
  N11: [51.614, -0.138], // New Southgate, Friern Barnet
  N12: [51.615, -0.176], // North Finchley
  N13: [51.619, -0.103], // Palmers Green
  N14: [51.632, -0.128], // Southgate
  N15: [51.581, -0.08], // South Tottenham, Seven Sisters
  N16: [51.562, -0.076], // Stoke Newington
  N17: [51.597, -0.067], // Tottenham
  N18: [51.614, -0.065], // Upper Edmonton
  N19: [51.566, -0.13], // Upper Holloway, Archway
  N20: [51.63, -0.172], // Whetstone
  N21: [51.636, -0.099], // Winchmore Hill
  N22: [51.6, -0.112], // Wood Green

  // ---------- London: NW ----------
  NW1: [51.532, -0.144], // Camden Town, Euston, Regent's Park
  NW2: [51.56, -0.218], // Cricklewood
  NW3: [51.553, -0.173], // Hampstead
  NW4: [51.587, -0.225], // Hendon
  NW5: [51.553, -0.141], // Kentish Town
  NW6: [51.543, -0.196], // Kilburn, West Hampstead
  NW7: [51.615, -0.234], // Mill Hill
  NW8: [51.532, -0.172], // St John's Wood
  NW9: [51.585, -0.26], // Kingsbury, Colindale
  NW10: [51.54, -0.245], // Willesden, Harlesden
  NW11: [51.577, -0.197], // Golders Green

  // ---------- London: SE ----------
  SE1: [51.5, -0.095], // Southwark, Waterloo, Bermondsey
  SE2: [51.491, 0.119], // Abbey Wood
  SE3: [51.468, 0.018], // Blackheath
  SE4: [51.461, -0.034], // Brockley
  SE5: [51.473, -0.092], // Camberwell
  SE6: [51.437, -0.015], // Catford
  SE7: [51.483, 0.037], // Charlton
  SE8: [51.479, -0.028], // Deptford
  SE9: [51.444, 0.055], // Eltham
  SE10: [51.482, 0.004], // Greenwich
  SE11: [51.489, -0.111], // Kennington
  SE12: [51.446, 0.02], // Lee
  SE13: [51.459, -0.009], // Lewisham
  SE14: [51.476, -0.044], // New Cross
  SE15: [51.47, -0.065], // Peckham
  SE16: [51.496, -0.052], // Rotherhithe
  SE17: [51.487, -0.093], // Walworth
  SE18: [51.483, 0.073], // Woolwich
  SE19: [51.418, -0.084], // Upper Norwood, Crystal Palace
  SE20: [51.412, -0.058], // Penge, Anerley
  SE21: [51.441, -0.088], // Dulwich
  SE22: [51.452, -0.07], // East Dulwich
  SE23: [51.441, -0.048], // Forest Hill
  SE24: [51.452, -0.099], // Herne Hill
  SE25: [51.398, -0.073], // South Norwood
  SE26: [51.427, -0.054], // Sydenham
  SE27: [51.431, -0.103], // West Norwood
  SE28: [51.502, 0.11], // Thamesmead

  // ---------- London: SW, with the SW1 sub-districts ----------
  SW1: [51.495, -0.14], // Westminster, Belgravia, Pimlico
  SW1A: [51.503, -0.134], // Whitehall, St James's Park, Buckingham Palace
  SW1E: [51.497, -0.14], // Victoria Street (west)
  SW1H: [51.499, -0.133], // Broadway, Petty France
  SW1P: [51.494, -0.129], // Millbank, Horseferry Road
  SW1V: [51.489, -0.139], // Pimlico
  SW1W: [51.493, -0.149], // Victoria, Belgravia (south)
  SW1X: [51.498, -0.155], // Belgravia, Knightsbridge
  SW1Y: [51.507, -0.134], // St James's, Pall Mall
  SW2: [51.451, -0.119], // Brixton Hill, Streatham Hill
  SW3: [51.49, -0.168], // Chelsea
  SW4: [51.463, -0.139], // Clapham
  SW5: [51.49, -0.19], // Earl's Court
  SW6: [51.475, -0.2], // Fulham
  SW7: [51.497, -0.175], // South Kensington
  SW8: [51.476, -0.128], // South Lambeth, Vauxhall
  SW9: [51.469, -0.113], // Brixton, Stockwell
  SW10: [51.483, -0.183], // West Brompton, Chelsea (west)
  SW11: [51.466, -0.164], // Battersea
  SW12: [51.445, -0.148], // Balham
  SW13: [51.474, -0.245], // Barnes
  SW14: [51.465, -0.265], // Mortlake, East Sheen
  SW15: [51.456, -0.223], // Putney, Roehampton
  SW16: [51.421, -0.128], // Streatham, Norbury
  SW17: [51.429, -0.166], // Tooting
  SW18: [51.451, -0.193], // Wandsworth, Earlsfield
  SW19: [51.421, -0.203], // Wimbledon
  SW20: [51.409, -0.228], // Raynes Park

  // ---------- London: W, with the W1 sub-districts ----------
  W1: [51.514, -0.143], // West End
  W1A: [51.518, -0.144], // Broadcasting House
  W1B: [51.514, -0.14], // Regent Street, Oxford Circus
  W1C: [51.514, -0.15], // Oxford Street (west)
  W1D: [51.513, -0.132], // Soho (east)
  W1F: [51.513, -0.136], // Soho (west)
  W1G: [51.519, -0.147], // Harley Street
  W1H: [51.517, -0.16], // Marylebone (west)
  W1J: [51.507, -0.145], // Mayfair (south), Piccadilly
  W1K: [51.511, -0.151], // Mayfair (north), Grosvenor Square
  W1S: [51.512, -0.143], // Bond Street, Hanover Square
  W1T: [51.52, -0.136], // Fitzrovia
  W1U: [51.519, -0.154], // Marylebone, Baker Street
  W1W: [51.521, -0.141], // Great Portland Street
  W2: [51.515, -0.18], // Paddington, Bayswater
  W3: [51.51, -0.267], // Acton
  W4: [51.491, -0.262], // Chiswick
  W5: [51.512, -0.303], // Ealing
  W6: [51.493, -0.229], // Hammersmith
  W7: [51.51, -0.337], // Hanwell
  W8: [51.5, -0.193], // Kensington
  W9: [51.527, -0.192], // Maida Vale
  W10: [51.521, -0.213], // North Kensington
  W11: [51.513, -0.204], // Notting Hill
  W12: [51.508, -0.234], // Shepherd's Bush
  W13: [51.513, -0.321], // West Ealing
  W14: [51.495, -0.208], // West Kensington

  // ---------- London: WC, with its sub-districts ----------
  WC1: [51.522, -0.123], // Bloomsbury
  WC1A: [51.517, -0.126], // New Oxford Street
  WC1B: [51.519, -0.127], // Bedford Square, British Museum
  WC1E: [51.522, -0.133], // Gower Street
  WC1H: [51.526, -0.126], // Tavistock Square
  WC1N: [51.522, -0.12], // Queen Square
  WC1R: [51.519, -0.114], // Gray's Inn
  WC1V: [51.518, -0.115], // High Holborn
  WC1X: [51.527, -0.115], // King's Cross Road, Mount Pleasant
  WC2: [51.512, -0.122], // Covent Garden, Strand
  WC2A: [51.516, -0.116], // Lincoln's Inn Fields
  WC2B: [51.515, -0.121], // Drury Lane, Kingsway
  WC2E: [51.512, -0.123], // Covent Garden
  WC2H: [51.513, -0.128], // Leicester Square, Seven Dials
  WC2N: [51.509, -0.125], // Charing Cross
  WC2R: [51.511, -0.118], // Aldwych, Savoy

  // ---------- Outer London ----------
  BR1: [51.412, 0.02], // Bromley
  BR2: [51.385, 0.02], // Hayes, Keston, Bromley Common
  BR3: [51.405, -0.03], // Beckenham
  BR4: [51.375, -0.012], // West Wickham
  BR5: [51.39, 0.095], // St Paul's Cray, Petts Wood
  BR6: [51.365, 0.09], // Orpington
  BR7: [51.417, 0.068], // Chislehurst
  BR8: [51.397, 0.173], // Swanley
  CR0: [51.373, -0.075], // Croydon
  CR2: [51.35, -0.08], // South Croydon, Sanderstead
  CR3: [51.285, -0.08], // Caterham
  CR4: [51.403, -0.16], // Mitcham
  CR5: [51.315, -0.135], // Coulsdon
  CR6: [51.3, -0.055], // Warlingham
  CR7: [51.397, -0.107], // Thornton Heath
  CR8: [51.33, -0.105], // Purley, Kenley
  DA1: [51.446, 0.21], // Dartford
  DA2: [51.428, 0.235], // Wilmington, Stone
  DA5: [51.44, 0.148], // Bexley
  DA6: [51.455, 0.14], // Bexleyheath
  DA7: [51.465, 0.15], // Barnehurst
  DA8: [51.478, 0.18], // Erith
  DA14: [51.423, 0.105], // Sidcup
  DA15: [51.44, 0.095], // Blackfen
  DA16: [51.463, 0.107], // Welling
  DA17: [51.489, 0.15], // Belvedere
  DA18: [51.497, 0.14], // Erith Marshes
  EN1: [51.65, -0.065], // Enfield
  EN2: [51.662, -0.095], // Enfield Chase
  EN3: [51.652, -0.04], // Ponders End, Enfield Highway
  EN4: [51.648, -0.16], // Cockfosters, East Barnet
  EN5: [51.648, -0.19], // Barnet
  EN6: [51.695, -0.18], // Potters Bar
  EN7: [51.71, -0.06], // Goffs Oak
  EN8: [51.7, -0.03], // Cheshunt, Waltham Cross
  EN9: [51.687, 0.005], // Waltham Abbey (Essex)
  EN10: [51.74, -0.02], // Broxbourne
  EN11: [51.762, -0.01], // Hoddesdon
  HA0: [51.55, -0.3], // Alperton
  HA1: [51.58, -0.335], // Harrow
  HA2: [51.568, -0.355], // South Harrow
  HA3: [51.593, -0.315], // Wealdstone, Kenton
  HA4: [51.57, -0.41], // Ruislip
  HA5: [51.592, -0.385], // Pinner
  HA6: [51.612, -0.42], // Northwood
  HA7: [51.615, -0.305], // Stanmore
  HA8: [51.612, -0.275], // Edgware
  HA9: [51.56, -0.285], // Wembley
  KT1: [51.41, -0.295], // Kingston upon Thames
  KT2: [51.418, -0.285], // Norbiton
  KT3: [51.4, -0.255], // New Malden
  KT4: [51.378, -0.242], // Worcester Park
  KT5: [51.39, -0.285], // Berrylands
  KT6: [51.383, -0.3], // Surbiton
  KT9: [51.36, -0.3], // Chessington
  SM1: [51.365, -0.19], // Sutton
  SM2: [51.35, -0.195], // Belmont
  SM3: [51.365, -0.215], // Cheam
  SM4: [51.398, -0.2], // Morden
  SM5: [51.37, -0.165], // Carshalton
  SM6: [51.36, -0.145], // Wallington
  SM7: [51.325, -0.205], // Banstead
  TW1: [51.45, -0.33], // Twickenham
  TW2: [51.447, -0.355], // Whitton
  TW3: [51.468, -0.365], // Hounslow
  TW4: [51.465, -0.39], // Hounslow West
  TW5: [51.482, -0.38], // Heston
  TW7: [51.473, -0.335], // Isleworth
  TW8: [51.487, -0.308], // Brentford
  TW9: [51.465, -0.298], // Richmond, Kew
  TW10: [51.448, -0.3], // Ham, Petersham
  TW11: [51.425, -0.33], // Teddington
  TW12: [51.418, -0.365], // Hampton
  TW13: [51.445, -0.405], // Feltham
  TW14: [51.455, -0.425], // Bedfont
  UB1: [51.51, -0.375], // Southall
  UB2: [51.497, -0.375], // Norwood Green
  UB3: [51.505, -0.42], // Hayes
  UB4: [51.523, -0.415], // Yeading
  UB5: [51.545, -0.37], // Northolt
  UB6: [51.533, -0.345], // Greenford
  UB7: [51.505, -0.47], // West Drayton
  UB8: [51.54, -0.475], // Uxbridge
  UB9: [51.585, -0.48], // Harefield
  UB10: [51.555, -0.45], // Ickenham

  // ---------- Essex: IG, RM ----------
  IG1: [51.56, 0.075], // Ilford
  IG2: [51.577, 0.08], // Gants Hill, Newbury Park
  IG3: [51.564, 0.1], // Seven Kings, Goodmayes
  IG4: [51.578, 0.055], // Redbridge
  IG5: [51.592, 0.065], // Clayhall
  IG6: [51.595, 0.09], // Barkingside, Hainault
  IG7: [51.62, 0.09], // Chigwell
  IG8: [51.608, 0.03], // Woodford Green
  IG9: [51.625, 0.045], // Buckhurst Hill
  IG10: [51.648, 0.07], // Loughton
  IG11: [51.537, 0.085], // Barking
  RM1: [51.585, 0.18], // Romford
  RM2: [51.585, 0.2], // Gidea Park
  RM3: [51.6, 0.235], // Harold Wood, Harold Hill
  RM4: [51.63, 0.16], // Havering-atte-Bower, Abridge
  RM5: [51.6, 0.16], // Collier Row
  RM6: [51.572, 0.13], // Chadwell Heath
  RM7: [51.57, 0.17], // Rush Green
  RM8: [51.556, 0.125], // Becontree
  RM9: [51.535, 0.135], // Dagenham (south)
  RM10: [51.545, 0.165], // Dagenham (east)
  RM11: [51.57, 0.22], // Hornchurch, Emerson Park
  RM12: [51.548, 0.205], // Elm Park
  RM13: [51.52, 0.2], // Rainham
  RM14: [51.555, 0.265], // Upminster
  RM15: [51.51, 0.285], // South Ockendon, Aveley
  RM16: [51.49, 0.36], // Chafford Hundred, Orsett
  RM17: [51.478, 0.33], // Grays
  RM18: [51.465, 0.37], // Tilbury
  RM19: [51.485, 0.24], // Purfleet
  RM20: [51.478, 0.28], // West Thurrock

  // ---------- Essex: CM ----------
  CM0: [51.65, 0.83], // Burnham-on-Crouch, Southminster
  CM1: [51.74, 0.465], // Chelmsford (north and west), Writtle
  CM2: [51.723, 0.485], // Chelmsford (south and east)
  CM3: [51.7, 0.56], // Danbury, South Woodham Ferrers, Boreham
  CM4: [51.67, 0.385], // Ingatestone, Stock
  CM5: [51.705, 0.245], // Chipping Ongar
  CM6: [51.873, 0.36], // Great Dunmow
  CM7: [51.878, 0.555], // Braintree
  CM8: [51.8, 0.64], // Witham
  CM9: [51.735, 0.69], // Maldon
  CM11: [51.622, 0.43], // Billericay (east)
  CM12: [51.63, 0.41], // Billericay
  CM13: [51.613, 0.325], // Hutton, Brentwood (south)
  CM14: [51.62, 0.295], // Brentwood
  CM15: [51.64, 0.31], // Shenfield, Doddinghurst
  CM16: [51.7, 0.11], // Epping
  CM17: [51.775, 0.13], // Old Harlow
  CM18: [51.757, 0.105], // Harlow (south)
  CM19: [51.76, 0.075], // Harlow (west)
  CM20: [51.775, 0.1], // Harlow
  CM21: [51.812, 0.15], // Sawbridgeworth
  CM22: [51.865, 0.23], // Sheering, Takeley
  CM23: [51.87, 0.16], // Bishop's Stortford
  CM24: [51.9, 0.2], // Stansted Mountfitchet
  CM77: [51.87, 0.515], // Great Notley, Rayne

  // ---------- Essex: CO ----------
  CO1: [51.89, 0.905], // Colchester (centre)
  CO2: [51.87, 0.9], // Colchester (south)
  CO3: [51.885, 0.86], // Lexden, Stanway
  CO4: [51.905, 0.93], // Highwoods, Greenstead
  CO5: [51.81, 0.8], // Tiptree, Kelvedon, Mersea
  CO6: [51.91, 0.76], // Coggeshall, Earls Colne
  CO7: [51.86, 1.01], // Wivenhoe, Brightlingsea
  CO8: [51.975, 0.775], // Bures
  CO9: [51.945, 0.64], // Halstead
  CO10: [52.04, 0.73], // Sudbury
  CO11: [51.945, 1.06], // Manningtree
  CO12: [51.935, 1.27], // Harwich, Dovercourt
  CO13: [51.835, 1.245], // Frinton-on-Sea
  CO14: [51.85, 1.265], // Walton-on-the-Naze
  CO15: [51.795, 1.15], // Clacton-on-Sea
  CO16: [51.81, 1.1], // St Osyth, Little Clacton

  // ---------- Essex: SS ----------
  SS0: [51.545, 0.69], // Westcliff-on-Sea
  SS1: [51.54, 0.73], // Southend-on-Sea, Thorpe Bay
  SS2: [51.55, 0.715], // Prittlewell
  SS3: [51.54, 0.79], // Shoeburyness
  SS4: [51.585, 0.705], // Rochford
  SS5: [51.605, 0.65], // Hockley, Hullbridge
  SS6: [51.585, 0.605], // Rayleigh
  SS7: [51.555, 0.57], // Benfleet, Thundersley
  SS8: [51.522, 0.585], // Canvey Island
  SS9: [51.548, 0.65], // Leigh-on-Sea
  SS11: [51.612, 0.52], // Wickford, Runwell
  SS12: [51.62, 0.54], // Wickford
  SS13: [51.565, 0.51], // Pitsea
  SS14: [51.575, 0.48], // Basildon
  SS15: [51.575, 0.43], // Laindon
  SS16: [51.56, 0.45], // Langdon Hills, Vange
  SS17: [51.52, 0.44], // Stanford-le-Hope, Corringham

  // ---------- Essex: the CB districts in Essex ----------
  CB10: [52.025, 0.24], // Saffron Walden
  CB11: [51.99, 0.22], // Newport

  // ---------- North East: NE ----------
  NE1: [54.972, -1.613], // Newcastle upon Tyne (city centre)
  NE2: [54.985, -1.6], // Jesmond, Sandyford
  NE3: [55.01, -1.63], // Gosforth, Kenton
  NE4: [54.97, -1.65], // Fenham, Elswick, Benwell
  NE5: [54.99, -1.69], // Westerhope, Denton Burn
  NE6: [54.975, -1.565], // Byker, Walker, Heaton
  NE7: [55.0, -1.58], // High Heaton
  NE8: [54.955, -1.61], // Gateshead
  NE9: [54.935, -1.59], // Low Fell
  NE10: [54.945, -1.555], // Felling, Heworth
  NE11: [54.94, -1.635], // Dunston, Team Valley
  NE12: [55.025, -1.56], // Killingworth, Longbenton
  NE13: [55.045, -1.66], // Wideopen, Dinnington
  NE15: [54.985, -1.735], // Newburn, Lemington
  NE16: [54.935, -1.69], // Whickham
  NE17: [54.915, -1.815], // Chopwell
  NE18: [55.04, -1.9], // Stamfordham, Matfen
  NE19: [55.2, -2.15], // Otterburn
  NE20: [55.05, -1.74], // Ponteland
  NE21: [54.962, -1.715], // Blaydon
  NE22: [55.13, -1.59], // Bedlington
  NE23: [55.085, -1.575], // Cramlington
  NE24: [55.125, -1.515], // Blyth
  NE25: [55.05, -1.5], // Monkseaton, Seaton Delaval
  NE26: [55.052, -1.455], // Whitley Bay
  NE27: [55.03, -1.51], // Shiremoor
  NE28: [54.995, -1.52], // Wallsend
  NE29: [55.01, -1.465], // North Shields
  NE30: [55.02, -1.43], // Tynemouth
  NE31: [54.972, -1.51], // Hebburn
  NE32: [54.97, -1.485], // Jarrow
  NE33: [54.995, -1.43], // South Shields
  NE34: [54.975, -1.43], // Harton, Whiteleas
  NE35: [54.945, -1.455], // Boldon Colliery
  NE36: [54.943, -1.425], // East Boldon
  NE37: [54.915, -1.525], // Washington (north)
  NE38: [54.895, -1.53], // Washington (south)
  NE39: [54.915, -1.75], // Rowlands Gill
  NE40: [54.965, -1.8], // Ryton, Crawcrook
  NE41: [54.975, -1.82], // Wylam
  NE42: [54.96, -1.86], // Prudhoe
  NE43: [54.945, -1.93], // Stocksfield
  NE44: [54.945, -1.975], // Riding Mill
  NE45: [54.975, -2.02], // Corbridge
  NE46: [54.97, -2.1], // Hexham
  NE47: [54.95, -2.3], // Haydon Bridge, Allendale
  NE48: [55.12, -2.22], // Bellingham
  NE49: [54.97, -2.46], // Haltwhistle
  NE61: [55.17, -1.69], // Morpeth
  NE62: [55.16, -1.58], // Stakeford, Choppington
  NE63: [55.18, -1.57], // Ashington
  NE64: [55.185, -1.51], // Newbiggin-by-the-Sea
  NE65: [55.32, -1.68], // Amble, Rothbury
  NE66: [55.42, -1.72], // Alnwick
  NE67: [55.53, -1.71], // Chathill
  NE68: [55.58, -1.66], // Seahouses
  NE69: [55.605, -1.715], // Bamburgh
  NE70: [55.59, -1.83], // Belford
  NE71: [55.545, -2.01], // Wooler

  // ---------- North East: SR ----------
  SR1: [54.905, -1.38], // Sunderland (city centre)
  SR2: [54.89, -1.375], // Hendon, Ashbrooke, Ryhope
  SR3: [54.88, -1.42], // Silksworth, Doxford Park
  SR4: [54.9, -1.415], // Pallion, Millfield
  SR5: [54.925, -1.41], // Southwick, Castletown
  SR6: [54.93, -1.375], // Roker, Fulwell, Seaburn
  SR7: [54.835, -1.355], // Seaham, Murton
  SR8: [54.76, -1.34], // Peterlee, Easington

  // ---------- North East: DH ----------
  DH1: [54.78, -1.575], // Durham
  DH2: [54.865, -1.6], // Chester-le-Street (west), Pelton
  DH3: [54.88, -1.565], // Chester-le-Street (east), Birtley
  DH4: [54.84, -1.47], // Houghton-le-Spring
  DH5: [54.825, -1.45], // Hetton-le-Hole
  DH6: [54.75, -1.45], // Bowburn, Coxhoe, Shotton
  DH7: [54.78, -1.65], // Ushaw Moor, Sacriston, Langley Park
  DH8: [54.855, -1.83], // Consett
  DH9: [54.87, -1.7], // Stanley

  // ---------- North East: TS ----------
  TS1: [54.574, -1.237], // Middlesbrough (town centre)
  TS2: [54.585, -1.23], // Middlehaven, Port Clarence
  TS3: [54.565, -1.195], // North Ormesby, Berwick Hills
  TS4: [54.555, -1.225], // Grove Hill
  TS5: [54.55, -1.255], // Linthorpe, Acklam
  TS6: [54.565, -1.15], // Eston, Normanby
  TS7: [54.53, -1.18], // Marton, Nunthorpe
  TS8: [54.525, -1.22], // Hemlington, Coulby Newham
  TS9: [54.475, -1.175], // Stokesley, Great Ayton
  TS10: [54.605, -1.065], // Redcar
  TS11: [54.59, -1.015], // Marske-by-the-Sea
  TS12: [54.57, -0.96], // Saltburn, Skelton
  TS13: [54.55, -0.87], // Loftus
  TS14: [54.535, -1.055], // Guisborough
  TS15: [54.5, -1.35], // Yarm
  TS16: [54.53, -1.35], // Eaglescliffe
  TS17: [54.53, -1.295], // Thornaby, Ingleby Barwick
  TS18: [54.565, -1.32], // Stockton-on-Tees
  TS19: [54.575, -1.345], // Stockton (west)
  TS20: [54.59, -1.315], // Norton
  TS21: [54.645, -1.43], // Sedgefield
  TS22: [54.615, -1.33], // Wynyard, Wolviston
  TS23: [54.61, -1.29], // Billingham
  TS24: [54.695, -1.205], // Hartlepool (Headland, centre)
  TS25: [54.665, -1.205], // Seaton Carew
  TS26: [54.69, -1.225], // Hartlepool (west)
  TS27: [54.72, -1.3], // Hart, Blackhall
  TS28: [54.725, -1.38], // Wingate
  TS29: [54.7, -1.42], // Trimdon

  // ---------- North East: DL ----------
  DL1: [54.53, -1.545], // Darlington (centre and east)
  DL2: [54.55, -1.65], // Darlington (rural west), Gainford
  DL3: [54.53, -1.58], // Darlington (west)
  DL4: [54.63, -1.65], // Shildon
  DL5: [54.615, -1.575], // Newton Aycliffe
  DL6: [54.34, -1.43], // Northallerton
  DL7: [54.32, -1.48], // Northallerton (rural)
  DL8: [54.29, -1.7], // Bedale, Leyburn
  DL9: [54.375, -1.72], // Catterick Garrison
  DL10: [54.4, -1.7], // Richmond, Catterick
  DL11: [54.42, -1.95], // Reeth
  DL12: [54.545, -1.92], // Barnard Castle
  DL13: [54.72, -1.95], // Stanhope, Wolsingham
  DL14: [54.66, -1.68], // Bishop Auckland
  DL15: [54.71, -1.75], // Crook
  DL16: [54.695, -1.6], // Spennymoor
  DL17: [54.68, -1.54], // Ferryhill

  // ---------- West Midlands: B ----------
  B1: [52.48, -1.907], // Birmingham (city centre, west)
  B2: [52.479, -1.898], // New Street
  B3: [52.484, -1.902], // Colmore Row
  B4: [52.485, -1.892], // Steelhouse, Aston University
  B5: [52.47, -1.89], // Digbeth, Highgate
  B6: [52.505, -1.885], // Aston
  B7: [52.495, -1.87], // Nechells
  B8: [52.495, -1.84], // Saltley, Washwood Heath
  B9: [52.478, -1.84], // Bordesley Green
  B10: [52.47, -1.855], // Small Heath
  B11: [52.455, -1.855], // Sparkhill, Tyseley
  B12: [52.46, -1.88], // Balsall Heath
  B13: [52.44, -1.88], // Moseley
  B14: [52.425, -1.885], // Kings Heath
  B15: [52.465, -1.925], // Edgbaston
  B16: [52.478, -1.93], // Ladywood
  B17: [52.46, -1.95], // Harborne
  B18: [52.495, -1.925], // Hockley, Winson Green
  B19: [52.5, -1.905], // Lozells, Newtown
  B20: [52.515, -1.925], // Handsworth
  B21: [52.505, -1.94], // Handsworth (west)
  B23: [52.525, -1.84], // Erdington
  B24: [52.52, -1.815], // Tyburn
  B25: [52.47, -1.805], // Yardley
  B26: [52.465, -1.77], // Sheldon
  B27: [52.445, -1.82], // Acocks Green
  B28: [52.43, -1.84], // Hall Green
  B29: [52.435, -1.945], // Selly Oak
  B30: [52.42, -1.925], // Bournville, Stirchley
  B31: [52.405, -1.975], // Northfield, Longbridge
  B32: [52.45, -1.995], // Quinton, Bartley Green
  B33: [52.485, -1.78], // Stechford
  B34: [52.495, -1.775], // Shard End
  B35: [52.52, -1.785], // Castle Vale
  B36: [52.505, -1.77], // Castle Bromwich
  B37: [52.475, -1.73], // Chelmsley Wood
  B38: [52.4, -1.935], // Kings Norton
  B40: [52.455, -1.72], // NEC
  B42: [52.53, -1.9], // Perry Barr
  B43: [52.55, -1.93], // Great Barr
  B44: [52.54, -1.88], // Kingstanding
  B45: [52.39, -2.01], // Rubery, Rednal
  B46: [52.505, -1.69], // Coleshill
  B47: [52.38, -1.87], // Wythall
  B48: [52.35, -1.96], // Alvechurch
  B49: [52.215, -1.87], // Alcester
  B50: [52.165, -1.86], // Bidford-on-Avon
  B60: [52.33, -2.05], // Bromsgrove
  B61: [52.345, -2.07], // Bromsgrove (north)
  B62: [52.46, -2.03], // Halesowen (east)
  B63: [52.45, -2.06], // Halesowen
  B64: [52.47, -2.08], // Cradley Heath
  B65: [52.48, -2.045], // Rowley Regis
  B66: [52.495, -1.965], // Smethwick
  B67: [52.485, -1.975], // Bearwood
  B68: [52.48, -2.01], // Oldbury
  B69: [52.5, -2.03], // Tividale
  B70: [52.52, -2.0], // West Bromwich
  B71: [52.535, -1.99], // West Bromwich (north)
  B72: [52.55, -1.82], // Wylde Green
  B73: [52.555, -1.84], // Boldmere
  B74: [52.59, -1.84], // Four Oaks, Streetly
  B75: [52.58, -1.8], // Mere Green
  B76: [52.54, -1.78], // Walmley, Minworth
  B77: [52.61, -1.68], // Wilnecote
  B78: [52.61, -1.62], // Polesworth
  B79: [52.645, -1.69], // Tamworth
  B80: [52.27, -1.89], // Studley
  B90: [52.405, -1.815], // Shirley
  B91: [52.41, -1.775], // Solihull
  B92: [52.43, -1.75], // Olton, Elmdon
  B93: [52.38, -1.73], // Knowle, Dorridge
  B94: [52.35, -1.78], // Earlswood
  B95: [52.29, -1.78], // Henley-in-Arden
  B96: [52.26, -1.93], // Astwood Bank
  B97: [52.3, -1.96], // Redditch (west)
  B98: [52.305, -1.92], // Redditch (east)

  // ---------- West Midlands: CV ----------
  CV1: [52.408, -1.51], // Coventry (city centre)
  CV2: [52.42, -1.465], // Wyken, Walsgrave
  CV3: [52.39, -1.48], // Cheylesmore, Whitley, Binley
  CV4: [52.4, -1.56], // Canley, Tile Hill
  CV5: [52.415, -1.56], // Earlsdon, Allesley
  CV6: [52.43, -1.505], // Foleshill, Radford
  CV7: [52.44, -1.58], // Keresley, Meriden
  CV8: [52.345, -1.57], // Kenilworth
  CV9: [52.58, -1.55], // Atherstone
  CV10: [52.52, -1.5], // Nuneaton (west)
  CV11: [52.525, -1.45], // Nuneaton (east)
  CV12: [52.475, -1.47], // Bedworth
  CV13: [52.62, -1.4], // Market Bosworth
  CV21: [52.375, -1.26], // Rugby
  CV22: [52.365, -1.285], // Bilton
  CV23: [52.36, -1.3], // Rugby (rural)
  CV31: [52.28, -1.53], // Leamington Spa (south)
  CV32: [52.295, -1.53], // Leamington Spa (north)
  CV33: [52.25, -1.48], // Bishop's Tachbrook
  CV34: [52.28, -1.585], // Warwick
  CV35: [52.22, -1.6], // Wellesbourne
  CV36: [52.06, -1.625], // Shipston-on-Stour
  CV37: [52.19, -1.71], // Stratford-upon-Avon
  CV47: [52.25, -1.39], // Southam

  // ---------- West Midlands: WV ----------
  WV1: [52.585, -2.125], // Wolverhampton (city centre)
  WV2: [52.575, -2.12], // Blakenhall
  WV3: [52.575, -2.15], // Bradmore
  WV4: [52.56, -2.145], // Penn
  WV5: [52.535, -2.19], // Wombourne
  WV6: [52.6, -2.18], // Tettenhall
  WV7: [52.635, -2.28], // Albrighton
  WV8: [52.63, -2.19], // Codsall
  WV9: [52.63, -2.145], // Pendeford
  WV10: [52.615, -2.11], // Bushbury, Oxley
  WV11: [52.605, -2.075], // Wednesfield
  WV12: [52.6, -2.04], // Short Heath
  WV13: [52.585, -2.055], // Willenhall
  WV14: [52.56, -2.075], // Bilston
  WV15: [52.53, -2.4], // Bridgnorth (east)
  WV16: [52.53, -2.43], // Bridgnorth

  // ---------- West Midlands: WS ----------
  WS1: [52.58, -1.98], // Walsall (centre)
  WS2: [52.59, -2.0], // Walsall (west)
  WS3: [52.62, -2.0], // Bloxwich
  WS4: [52.61, -1.96], // Rushall
  WS5: [52.57, -1.95], // Park Hall
  WS6: [52.66, -2.02], // Great Wyrley
  WS7: [52.68, -1.92], // Burntwood
  WS8: [52.645, -1.935], // Brownhills
  WS9: [52.61, -1.915], // Aldridge
  WS10: [52.56, -2.025], // Wednesbury, Darlaston
  WS11: [52.69, -2.02], // Cannock
  WS12: [52.71, -1.99], // Hednesford
  WS13: [52.69, -1.83], // Lichfield (north)
  WS14: [52.67, -1.81], // Lichfield (south)
  WS15: [52.76, -1.93], // Rugeley

  // ---------- West Midlands: DY ----------
  DY1: [52.51, -2.085], // Dudley
  DY2: [52.495, -2.08], // Netherton
  DY3: [52.535, -2.12], // Sedgley, Gornal
  DY4: [52.53, -2.06], // Tipton
  DY5: [52.48, -2.12], // Brierley Hill
  DY6: [52.495, -2.165], // Kingswinford
  DY7: [52.45, -2.23], // Kinver
  DY8: [52.455, -2.145], // Stourbridge
  DY9: [52.44, -2.12], // Lye, Hagley
  DY10: [52.385, -2.23], // Kidderminster (east)
  DY11: [52.385, -2.27], // Kidderminster (west)
  DY12: [52.38, -2.32], // Bewdley
  DY13: [52.34, -2.28], // Stourport-on-Severn
  DY14: [52.38, -2.48], // Cleobury Mortimer
};

// Every postcode area in the UK (121 of them), at roughly the middle of where its
// people live. An area can be 50 km across, so the estimate says it used an area.
export const AREA_CENTROIDS: Readonly<Record<string, LatLng>> = {
  AB: [57.17, -2.2], // Aberdeen
  AL: [51.76, -0.3], // St Albans
  B: [52.48, -1.9], // Birmingham
  BA: [51.28, -2.45], // Bath
  BB: [53.77, -2.4], // Blackburn
  BD: [53.83, -1.85], // Bradford
  BH: [50.75, -1.9], // Bournemouth
  BL: [53.59, -2.4], // Bolton
  BN: [50.86, -0.2], // Brighton
  BR: [51.39, 0.05], // Bromley
  BS: [51.45, -2.6], // Bristol
  BT: [54.6, -6.4], // Belfast (Northern Ireland)
  CA: [54.7, -3.0], // Carlisle
  CB: [52.2, 0.2], // Cambridge
  CF: [51.55, -3.3], // Cardiff
  CH: [53.25, -2.95], // Chester
  CM: [51.75, 0.4], // Chelmsford
  CO: [51.9, 0.95], // Colchester
  CR: [51.35, -0.09], // Croydon
  CT: [51.28, 1.2], // Canterbury
  CV: [52.35, -1.5], // Coventry
  CW: [53.15, -2.45], // Crewe
  DA: [51.44, 0.2], // Dartford
  DD: [56.55, -2.95], // Dundee
  DE: [52.95, -1.55], // Derby
  DG: [55.05, -3.85], // Dumfries
  DH: [54.82, -1.6], // Durham
  DL: [54.5, -1.7], // Darlington
  DN: [53.55, -0.9], // Doncaster
  DT: [50.72, -2.45], // Dorchester
  DY: [52.46, -2.15], // Dudley
  E: [51.54, -0.02], // London E
  EC: [51.516, -0.094], // London EC
  EH: [55.92, -3.2], // Edinburgh
  EN: [51.67, -0.08], // Enfield
  EX: [50.75, -3.6], // Exeter
  FK: [56.1, -3.9], // Falkirk
  FY: [53.82, -3.0], // Blackpool
  G: [55.86, -4.25], // Glasgow
  GL: [51.8, -2.2], // Gloucester
  GU: [51.25, -0.7], // Guildford
  HA: [51.58, -0.35], // Harrow
  HD: [53.63, -1.8], // Huddersfield
  HG: [54.05, -1.55], // Harrogate
  HP: [51.75, -0.65], // Hemel Hempstead
  HR: [52.05, -2.75], // Hereford
  HS: [57.8, -6.9], // Outer Hebrides
  HU: [53.77, -0.4], // Hull
  HX: [53.72, -1.9], // Halifax
  IG: [51.58, 0.07], // Ilford
  IP: [52.15, 1.15], // Ipswich
  IV: [57.5, -4.5], // Inverness
  KA: [55.6, -4.55], // Kilmarnock
  KT: [51.37, -0.3], // Kingston upon Thames
  KW: [58.6, -3.3], // Kirkwall, Caithness
  KY: [56.2, -3.1], // Kirkcaldy
  L: [53.42, -2.92], // Liverpool
  LA: [54.1, -2.8], // Lancaster
  LD: [52.2, -3.4], // Llandrindod Wells
  LE: [52.63, -1.1], // Leicester
  LL: [53.1, -3.8], // Llandudno
  LN: [53.2, -0.4], // Lincoln
  LS: [53.82, -1.55], // Leeds
  LU: [51.88, -0.45], // Luton
  M: [53.47, -2.25], // Manchester
  ME: [51.33, 0.6], // Medway
  MK: [52.05, -0.7], // Milton Keynes
  ML: [55.75, -3.9], // Motherwell
  N: [51.59, -0.11], // London N
  NE: [55.05, -1.65], // Newcastle upon Tyne
  NG: [53.0, -1.1], // Nottingham
  NN: [52.3, -0.8], // Northampton
  NP: [51.65, -3.05], // Newport
  NR: [52.65, 1.3], // Norwich
  NW: [51.56, -0.2], // London NW
  OL: [53.58, -2.1], // Oldham
  OX: [51.75, -1.3], // Oxford
  PA: [55.9, -4.7], // Paisley
  PE: [52.6, -0.2], // Peterborough
  PH: [56.5, -3.6], // Perth
  PL: [50.45, -4.25], // Plymouth
  PO: [50.82, -1.05], // Portsmouth
  PR: [53.75, -2.75], // Preston
  RG: [51.4, -1.05], // Reading
  RH: [51.15, -0.2], // Redhill
  RM: [51.55, 0.22], // Romford
  S: [53.38, -1.45], // Sheffield
  SA: [51.8, -4.1], // Swansea
  SE: [51.46, -0.04], // London SE
  SG: [51.9, -0.15], // Stevenage
  SK: [53.35, -2.05], // Stockport
  SL: [51.5, -0.65], // Slough
  SM: [51.36, -0.18], // Sutton
  SN: [51.55, -1.85], // Swindon
  SO: [50.95, -1.4], // Southampton
  SP: [51.1, -1.75], // Salisbury
  SR: [54.88, -1.4], // Sunderland
  SS: [51.56, 0.6], // Southend-on-Sea
  ST: [52.95, -2.1], // Stoke-on-Trent
  SW: [51.46, -0.17], // London SW
  SY: [52.6, -3.0], // Shrewsbury
  TA: [51.05, -3.1], // Taunton
  TD: [55.6, -2.6], // Galashiels
  TF: [52.7, -2.45], // Telford
  TN: [51.1, 0.4], // Tonbridge
  TQ: [50.45, -3.65], // Torquay
  TR: [50.25, -5.15], // Truro
  TS: [54.58, -1.25], // Cleveland
  TW: [51.45, -0.38], // Twickenham
  UB: [51.53, -0.42], // Southall
  W: [51.51, -0.22], // London W
  WA: [53.38, -2.6], // Warrington
  WC: [51.517, -0.122], // London WC
  WD: [51.66, -0.4], // Watford
  WF: [53.67, -1.45], // Wakefield
  WN: [53.55, -2.65], // Wigan
  WR: [52.2, -2.2], // Worcester
  WS: [52.63, -1.95], // Walsall
  WV: [52.59, -2.15], // Wolverhampton
  YO: [54.05, -0.95], // York
  ZE: [60.3, -1.25], // Shetland
};
