/** Reference data for the demo and scale seeders: a believable Australian catering-and-care business. */

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
