/** Reference data for the demo and scale seeders: a believable Australian catering-and-care business. */

/** Deterministic PRNG (mulberry32): the same seed gives the same data set on every run. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
    digits: (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join(''),
  };
}
export type Random = ReturnType<typeof createRandom>;

export interface City {
  name: string;
  state: string;
  postcode: string;
  lat: number;
  lng: number;
  timeZone: string;
  suburbs: string[];
}

export const CITIES: City[] = [
  {
    name: 'Sydney',
    state: 'NSW',
    postcode: '2000',
    lat: -33.8688197,
    lng: 151.2092955,
    timeZone: 'Australia/Sydney',
    suburbs: ['Parramatta', 'Chatswood', 'Randwick', 'Liverpool', 'Penrith', 'Hornsby', 'Bondi', 'Ryde'],
  },
  {
    name: 'Melbourne',
    state: 'VIC',
    postcode: '3000',
    lat: -37.8136276,
    lng: 144.9630576,
    timeZone: 'Australia/Melbourne',
    suburbs: ['Box Hill', 'Footscray', 'Dandenong', 'Frankston', 'Heidelberg', 'Carlton', 'Werribee', 'Epping'],
  },
  {
    name: 'Brisbane',
    state: 'QLD',
    postcode: '4000',
    lat: -27.4697707,
    lng: 153.0251235,
    timeZone: 'Australia/Brisbane',
    suburbs: ['Chermside', 'Indooroopilly', 'Logan', 'Ipswich', 'Redcliffe', 'Carindale', 'Herston'],
  },
  {
    name: 'Perth',
    state: 'WA',
    postcode: '6000',
    lat: -31.9523123,
    lng: 115.861309,
    timeZone: 'Australia/Perth',
    suburbs: ['Fremantle', 'Joondalup', 'Midland', 'Rockingham', 'Subiaco', 'Murdoch'],
  },
  {
    name: 'Adelaide',
    state: 'SA',
    postcode: '5000',
    lat: -34.9284989,
    lng: 138.6007456,
    timeZone: 'Australia/Adelaide',
    suburbs: ['Elizabeth', 'Glenelg', 'Modbury', 'Noarlunga', 'Woodville'],
  },
  {
    name: 'Hobart',
    state: 'TAS',
    postcode: '7000',
    lat: -42.8821377,
    lng: 147.3271949,
    timeZone: 'Australia/Hobart',
    suburbs: ['Glenorchy', 'Kingston', 'Sandy Bay'],
  },
  {
    name: 'Darwin',
    state: 'NT',
    postcode: '0800',
    lat: -12.4634403,
    lng: 130.8456418,
    timeZone: 'Australia/Darwin',
    suburbs: ['Palmerston', 'Casuarina', 'Nightcliff'],
  },
  {
    name: 'Canberra',
    state: 'ACT',
    postcode: '2600',
    lat: -35.2809368,
    lng: 149.1300092,
    timeZone: 'Australia/Sydney',
    suburbs: ['Belconnen', 'Woden', 'Tuggeranong', 'Gungahlin'],
  },
  {
    name: 'Newcastle',
    state: 'NSW',
    postcode: '2300',
    lat: -32.9282712,
    lng: 151.7816802,
    timeZone: 'Australia/Sydney',
    suburbs: ['Charlestown', 'Maitland', 'Lambton'],
  },
  {
    name: 'Gold Coast',
    state: 'QLD',
    postcode: '4217',
    lat: -28.0167,
    lng: 153.4,
    timeZone: 'Australia/Brisbane',
    suburbs: ['Southport', 'Robina', 'Coolangatta'],
  },
  {
    name: 'Townsville',
    state: 'QLD',
    postcode: '4810',
    lat: -19.2589635,
    lng: 146.8169483,
    timeZone: 'Australia/Brisbane',
    suburbs: ['Douglas', 'Kirwan', 'Garbutt'],
  },
  {
    name: 'Cairns',
    state: 'QLD',
    postcode: '4870',
    lat: -16.9185514,
    lng: 145.7780548,
    timeZone: 'Australia/Brisbane',
    suburbs: ['Edmonton', 'Smithfield'],
  },
  {
    name: 'Geelong',
    state: 'VIC',
    postcode: '3220',
    lat: -38.1499181,
    lng: 144.3617186,
    timeZone: 'Australia/Melbourne',
    suburbs: ['Belmont', 'Corio', 'Waurn Ponds'],
  },
  {
    name: 'Wollongong',
    state: 'NSW',
    postcode: '2500',
    lat: -34.4278121,
    lng: 150.8930607,
    timeZone: 'Australia/Sydney',
    suburbs: ['Shellharbour', 'Dapto'],
  },
  {
    name: 'Kalgoorlie',
    state: 'WA',
    postcode: '6430',
    lat: -30.7489,
    lng: 121.4658,
    timeZone: 'Australia/Perth',
    suburbs: ['Boulder', 'Kambalda'],
  },
  {
    name: 'Karratha',
    state: 'WA',
    postcode: '6714',
    lat: -20.7364,
    lng: 116.846,
    timeZone: 'Australia/Perth',
    suburbs: ['Dampier', 'Wickham'],
  },
  {
    name: 'Port Hedland',
    state: 'WA',
    postcode: '6721',
    lat: -20.3107,
    lng: 118.6059,
    timeZone: 'Australia/Perth',
    suburbs: ['South Hedland', 'Newman'],
  },
  {
    name: 'Mackay',
    state: 'QLD',
    postcode: '4740',
    lat: -21.1411,
    lng: 149.1861,
    timeZone: 'Australia/Brisbane',
    suburbs: ['Moranbah', 'Dysart'],
  },
  {
    name: 'Alice Springs',
    state: 'NT',
    postcode: '0870',
    lat: -23.698,
    lng: 133.8807,
    timeZone: 'Australia/Darwin',
    suburbs: ['Gillen', 'Braitling'],
  },
  {
    name: 'Launceston',
    state: 'TAS',
    postcode: '7250',
    lat: -41.4332,
    lng: 147.1441,
    timeZone: 'Australia/Hobart',
    suburbs: ['Newstead', 'Prospect'],
  },
];

export const LEGAL_ENTITIES = [
  { name: 'Saltbush Group Holdings Pty Ltd', abbr: 'SBG', city: 'Sydney' },
  { name: 'Saltbush Healthcare Services Pty Ltd', abbr: 'SBH', city: 'Melbourne' },
  { name: 'Saltbush Remote Services Pty Ltd', abbr: 'SBR', city: 'Perth' },
  { name: 'Saltbush Education Catering Pty Ltd', abbr: 'SBE', city: 'Brisbane' },
  { name: 'Saltbush Defence Services Pty Ltd', abbr: 'SBD', city: 'Canberra' },
  { name: 'Saltbush Corporate Dining Pty Ltd', abbr: 'SBC', city: 'Sydney' },
];

export interface IndustryData {
  name: string;
  description: string;
  legalEntity: string;
  subIndustries: string[];
  /** Name patterns for clients of this industry: {place} is a suburb or city. */
  clientNames: string[];
  siteNames: string[];
  cities?: string[];
}

export const INDUSTRIES: IndustryData[] = [
  {
    name: 'Aged Care',
    description: 'Residential aged care, retirement living and home care',
    legalEntity: 'SBH',
    subIndustries: ['Residential Aged Care', 'Retirement Living', 'Home Care'],
    clientNames: ['{place} Gardens Aged Care', '{place} Lodge', 'Banksia Village {place}', '{place} Manor Residential Care'],
    siteNames: ['Main Kitchen', 'Memory Support Unit', 'Café', 'Dining Room'],
  },
  {
    name: 'Healthcare',
    description: 'Public and private hospitals',
    legalEntity: 'SBH',
    subIndustries: ['Public Hospitals', 'Private Hospitals', 'Mental Health'],
    clientNames: ['{place} District Hospital', '{place} Private Hospital', '{place} Health Service'],
    siteNames: ['Patient Meals', 'Retail Café', 'Staff Canteen', 'Central Production Kitchen'],
  },
  {
    name: 'Education',
    description: 'Schools, colleges and universities',
    legalEntity: 'SBE',
    subIndustries: ['Primary Schools', 'Secondary Schools', 'Boarding Schools', 'Universities'],
    clientNames: ['{place} Grammar School', '{place} College', '{place} State High School', 'University of {place}'],
    siteNames: ['Canteen', 'Boarding House Dining', 'Student Union Café', 'Function Centre'],
  },
  {
    name: 'Mining & Resources',
    description: 'Remote accommodation villages and mine sites',
    legalEntity: 'SBR',
    subIndustries: ['Mining Camps', 'Remote Villages', 'Offshore Platforms'],
    clientNames: ['Ironbark Resources {place}', 'Red Dune Minerals {place}', '{place} Lithium Project', 'Spinifex Gold {place}'],
    siteNames: ['Village Kitchen', 'Crib Room', 'Wet Mess', 'Accommodation Village'],
    cities: ['Kalgoorlie', 'Karratha', 'Port Hedland', 'Mackay', 'Alice Springs'],
  },
  {
    name: 'Corporate Dining',
    description: 'Workplace cafés and executive dining',
    legalEntity: 'SBC',
    subIndustries: ['Office Cafés', 'Executive Dining', 'Staff Canteens'],
    clientNames: ['{place} Partners', 'Harbour Financial {place}', '{place} Tower Tenancy', 'Meridian Insurance {place}'],
    siteNames: ['Level 2 Café', 'Executive Dining Room', 'Staff Canteen', 'Barista Bar'],
    cities: ['Sydney', 'Melbourne', 'Brisbane', 'Perth', 'Adelaide', 'Canberra'],
  },
  {
    name: 'Defence',
    description: 'Bases, barracks and training establishments',
    legalEntity: 'SBD',
    subIndustries: ['Army', 'Navy', 'Air Force'],
    clientNames: ['{place} Barracks', 'HMAS {place}', 'RAAF Base {place}'],
    siteNames: ['Soldiers Mess', 'Officers Mess', 'Field Kitchen', 'Sergeants Mess'],
    cities: ['Darwin', 'Townsville', 'Canberra', 'Sydney', 'Perth'],
  },
  {
    name: 'Sports & Leisure',
    description: 'Stadiums, arenas and convention centres',
    legalEntity: 'SBG',
    subIndustries: ['Stadiums', 'Convention Centres'],
    clientNames: ['{place} Stadium', '{place} Convention Centre', '{place} Racecourse'],
    siteNames: ['Corporate Boxes', 'Concourse Kiosks', 'Banquet Kitchen'],
  },
  {
    name: 'Government',
    description: 'Correctional and community facilities',
    legalEntity: 'SBG',
    subIndustries: ['Correctional Facilities', 'Community Services'],
    clientNames: ['{place} Correctional Centre', '{place} Community Services Hub'],
    siteNames: ['Production Kitchen', 'Staff Dining'],
  },
];

export const BRANDS = [
  { name: 'Saltbush Kitchen', description: 'Core contract catering', legalEntity: 'SBG' },
  { name: 'Fresh Plate', description: 'Hospital retail cafés', legalEntity: 'SBH' },
  { name: 'Gumleaf Café', description: 'Barista coffee and grab-and-go', legalEntity: 'SBC' },
  { name: 'Campfire Dining', description: 'Remote village dining', legalEntity: 'SBR' },
  { name: 'Little Lunchbox', description: 'School canteens', legalEntity: 'SBE' },
  { name: 'Mess & Co', description: 'Defence messing', legalEntity: 'SBD' },
  { name: 'Wattle Table', description: 'Aged care dining', legalEntity: 'SBH' },
  { name: 'Southern Cross Events', description: 'Stadium and event catering', legalEntity: 'SBG' },
];

export const CLIENT_ROLES = [
  { role: 'Decision Maker', responsibility: 'Signs the catering contract' },
  { role: 'Facilities Manager', responsibility: 'Day-to-day site operations' },
  { role: 'Procurement Lead', responsibility: 'Tenders and purchasing' },
  { role: 'Accounts Payable', responsibility: 'Invoices and payments' },
  { role: 'Dietitian', responsibility: 'Menus and nutrition standards' },
  { role: 'Executive Sponsor', responsibility: 'Relationship at executive level' },
];

export const OPERATION_ROLES = [
  { role: 'Operations Manager', responsibility: 'Runs the site and its team' },
  { role: 'Executive Chef', responsibility: 'Menus, kitchen and food safety' },
  { role: 'Area Manager', responsibility: 'Oversees several sites' },
  { role: 'Food Safety Officer', responsibility: 'HACCP and audits' },
  { role: 'Site Administrator', responsibility: 'Rosters, orders and invoices' },
];

export const FIRST_NAMES = [
  'Olivia',
  'Jack',
  'Charlotte',
  'William',
  'Amelia',
  'Noah',
  'Isla',
  'Thomas',
  'Mia',
  'James',
  'Ava',
  'Lucas',
  'Grace',
  'Henry',
  'Chloe',
  'Oliver',
  'Zoe',
  'Liam',
  'Ruby',
  'Ethan',
  'Priya',
  'Wei',
  'Aroha',
  'Mohammed',
  'Siobhan',
  'Nguyen',
  'Kiri',
  'Mateo',
  'Hannah',
  'Jarrah',
];
export const LAST_NAMES = [
  'Smith',
  'Jones',
  'Williams',
  'Brown',
  'Wilson',
  'Taylor',
  'Nguyen',
  'Johnson',
  'Martin',
  'White',
  'Anderson',
  'Walker',
  'Thompson',
  'Harris',
  'Lee',
  'Ryan',
  'Kelly',
  'King',
  'Patel',
  'Singh',
  'Chen',
  'Murphy',
  "O'Brien",
  'Campbell',
  'Robinson',
  'Clarke',
  'Wright',
  'Mitchell',
  'Young',
  'Hughes',
];
export const STREETS = [
  'George Street',
  'Collins Street',
  'Queen Street',
  'Hay Street',
  'King William Street',
  'Macquarie Street',
  'Smith Street',
  'Flinders Street',
  'Ann Street',
  'Murray Street',
  'Pacific Highway',
  'Station Road',
  'Hospital Road',
  'Mine Access Road',
  'Barracks Drive',
  'College Avenue',
];
export const DEPARTMENTS = [
  'Facilities',
  'Procurement',
  'Finance',
  'Operations',
  'Clinical Services',
  'Hospitality',
  'Executive',
];
export const POSITIONS = [
  'Facilities Manager',
  'Procurement Officer',
  'Finance Manager',
  'Director of Nursing',
  'General Manager',
  'Business Manager',
  'Site Manager',
  'Chief Executive',
];

/** A point within about `km` kilometres of the city (rounded to the 7 decimals the columns keep). */
export function near(random: Random, city: City, km = 12): { latitude: string; longitude: string } {
  const dLat = ((random.next() - 0.5) * 2 * km) / 111;
  const dLng = ((random.next() - 0.5) * 2 * km) / (111 * Math.cos((city.lat * Math.PI) / 180));
  return { latitude: (city.lat + dLat).toFixed(7), longitude: (city.lng + dLng).toFixed(7) };
}
