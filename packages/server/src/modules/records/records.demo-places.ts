import type { Random } from '../../platform/demo-random';

/** Places of the demo and scale seeders: Australian cities with their suburbs, and street names. */

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

/** A point within about `km` kilometres of the city (rounded to the 7 decimals the columns keep). */
export function near(random: Random, city: City, km = 12): { latitude: string; longitude: string } {
  const dLat = ((random.next() - 0.5) * 2 * km) / 111;
  const dLng = ((random.next() - 0.5) * 2 * km) / (111 * Math.cos((city.lat * Math.PI) / 180));
  return { latitude: (city.lat + dLat).toFixed(7), longitude: (city.lng + dLng).toFixed(7) };
}
