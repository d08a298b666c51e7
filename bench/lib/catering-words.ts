/**
 * A real-language vocabulary for bench text shaped like catering and facilities procedures: English
 * words as site procedures use them, commonest first (bench/knowledge.ts draws body words with a
 * skew toward the start of the list, as real text repeats its common words), and each verb and noun
 * also with the endings a text gives it (cleans, cleaned, cleaning). Unlike synthetic fillers that
 * share a prefix, these words share trigrams only as English words do ("clean", "cleaner", "lean").
 */

const COMMON = `the and for are with that this from you your have will must all any not but can each when into
  then than they them their there where which what who how why before after during until while every other
  more most some such only also again once here under over above below between about against without within
  upon near next last first second third new old same own both few many much very just well back down off out
  should would could may might shall need needs keep kept make made take taken give given put set get got
  see seen look show shown tell ask call use used done doing work working staff team site sites manager
  supervisor cook chef kitchen hand assistant cleaner porter driver catering cafe canteen restaurant hospital
  school office client clients centre area room rooms store storage floor wall ceiling window door doors
  day days week weeks month time times hour hours minute minutes morning afternoon evening night today daily
  weekly monthly start end open close opened closed full empty clean dirty safe unsafe hot cold warm dry wet
  right wrong correct report reports record records check checks checked list lists form forms sign signed
  note notes book booked order orders ordered stock item items part parts box boxes bag bags tray trays`;

const CATERING = `dishwasher oven fridge freezer delivery allergen label cleaning roster invoice supplier temperature
  alarm seal filter drain leak power outlet coffee machine grease trap pest inspection audit waste bin recycling
  uniform locker payroll leave sick shift handover keys code visitor contractor induction chemical spill glove
  apron sanitiser probe thermometer logbook fryer oil change hood canopy extraction fan light menu recipe
  portion plate bowl cup glass cutlery knife knives fork spoon board chopping colour coded raw cooked chilled
  frozen defrost thaw reheat cooling blast chiller walk coolroom shelf shelves container lid wrap film foil
  date dated rotation expiry expired discard dispose allergens gluten wheat milk egg eggs peanut peanuts nut
  nuts soy sesame fish shellfish celery mustard lupin sulphite sulphites vegan vegetarian halal kosher diet
  dietary texture modified puree minced soft thickened fluids patient patients resident residents ward meal
  meals breakfast lunch dinner supper snack snacks tea morning trolley service servery counter display bain
  marie steamer combi griddle grill salamander microwave toaster kettle urn boiler mixer slicer blender
  processor scales weigh weight measure litre litres kilogram gram grams sink sinks tap taps basin handwash
  soap towel towels paper sanitise sanitising detergent degreaser bleach disinfectant rinse wash washing dry
  drying mop bucket broom cloth cloths sponge scourer spray bottle bottles dilution dose dosing pump hose
  hygiene food safety hazard hazards risk risks control controls critical limit limits corrective action
  actions verify verification monitor monitoring haccp plan plans program programme training trained
  competency certificate licence permit council officer environmental health standard standards compliance
  policy policies procedure procedures instruction instructions manual guide steps step task tasks duty
  duties responsibility responsible person persons contact phone email number emergency evacuation fire
  extinguisher blanket exit exits assembly point first aid kit injury incident incidents accident near miss
  slip trip fall burn burns cut cuts scald lifting manual handling ladder stool electrical lead plug socket
  switch breaker tripped fuse lighting globe tube bulb ventilation air conditioning heating boiler hot water
  plumbing pipe pipes blocked blockage overflow flood flooding toilet toilets urinal cistern bathroom shower
  cleaner's cupboard laundry linen tablecloth napkin napkins chef's whites hat hairnet beard mask boots shoes
  maintenance repair repairs broken faulty fault faults noise noisy smell smells odour vermin rodent rodents
  mouse mice rat rats cockroach cockroaches fly flies ant ants bird birds droppings bait station trap traps
  sighting sightings treatment contractor's visit service serviced calibrate calibration battery batteries
  replace replaced replacement spare spares quote approval approve approved purchase budget cost cost centre
  account invoice invoices credit note delivery docket receipt received receiving goods inward vehicle van
  truck loading dock pallet carton cartons packaging damaged damage missing short shortage substitute
  substitution reject rejected return returned collection collected rubbish general organic compost cardboard
  plastic glass cans oil collection grease interceptor pumped sump tank tanks meter reading readings gas water
  electricity leak leaking dripping drip condensation mould mold rust crack cracked tile tiles grout lino
  carpet stain stains vacuum polish polisher scrubber machine's wheel wheels castor castors trolley's cabinet
  drawer drawers hinge hinges handle handles lock locks key swipe card access security guard alarm panel
  camera cctv visitor's sign register badge escort after hours closing opening checklist`;

/** Words that also take -s, -ed and -ing in text (regular English verbs of site work). */
const VERBS = `clean check record label store deliver inspect report repair replace order wash rinse sanitise
  measure weigh heat cool chill freeze thaw serve plate prepare portion cover wrap date rotate discard dispose
  monitor verify train sign lock unlock open close switch fill empty drain pump collect return reject receive
  count stack load unload carry lift move mop sweep scrub polish spray wipe dry fold sort list book call email
  visit service calibrate test treat bait trap block flood leak drip crack stain clear fix adjust reset
  restart start finish handover follow complete update review approve request quote invoice pay charge`;

/** Verbs whose last letter doubles before -ed and -ing (drip, dripped, dripping). */
const DOUBLED = new Set(['drip', 'trap', 'mop', 'stop', 'plan', 'fit']);

function expand(): string[] {
  const words = new Set<string>();
  for (const word of `${COMMON} ${CATERING}`.split(/\s+/)) if (/^[a-z]{3,}$/.test(word)) words.add(word);
  for (const verb of VERBS.split(/\s+/)) {
    if (!/^[a-z]{3,}$/.test(verb)) continue;
    words.add(verb);
    if (/[^aeiou]y$/.test(verb)) {
      const root = verb.slice(0, -1);
      words.add(`${root}ies`).add(`${root}ied`).add(`${verb}ing`);
      continue;
    }
    const doubled = DOUBLED.has(verb) ? verb + verb.at(-1)! : verb;
    const stem = verb.endsWith('e') ? verb.slice(0, -1) : doubled;
    words.add(/(s|sh|ch|x)$/.test(verb) ? `${verb}es` : `${verb}s`);
    words.add(verb.endsWith('e') ? `${verb}d` : `${doubled}ed`);
    words.add(`${stem}ing`);
  }
  return [...words];
}

/** The vocabulary, commonest first (about 1,300 words). */
export const CATERING_WORDS: readonly string[] = expand();
